// Command mcplint checks Go MCP servers built on the official SDK (and
// mcp-go) and the mcplint runtime for the rules of resolver-based tools.
//
// Usage:
//
//	mcplint [-flag] [package...]
//	mcplint -sarif [-flag] [package...] > mcplint.sarif
//	mcplint help [analyzer]
//	go vet -vettool=$(which mcplint) [package...]
//
// -sarif writes the findings as SARIF 2.1.0 to standard output, for code
// scanning, and exits 0 when the analysis ran.
//
// The analyzers are listed by [analyzers.All]; see mcplint help.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcplint/mcplint/analyzers"
)

func main() {
	if args, ok := takeSARIF(os.Args[1:]); ok {
		os.Exit(runSARIF(analyzers.All(), args, os.Stdout, os.Stderr))
	}
	multichecker.Main(analyzers.All()...)
}
