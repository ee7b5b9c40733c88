// Command mcplint checks Go MCP servers built on the official SDK (and
// mcp-go) and the mcplint runtime for the rules of resolver-based tools.
//
// Usage:
//
//	mcplint [-flag] [package...]
//	mcplint help [analyzer]
//	go vet -vettool=$(which mcplint) [package...]
//
// The analyzers are listed by [analyzers.All]; see mcplint help.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcplint/mcplint/analyzers"
)

func main() { multichecker.Main(analyzers.All()...) }
