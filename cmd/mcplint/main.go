// Command mcplint checks Go MCP servers built on the official SDK (and
// mcp-go) and the mcplint runtime for the rules of resolver-based tools.
//
// Usage:
//
//	mcplint [flags] [packages]          findings on stderr, sorted by position
//	mcplint -json [flags] [packages]    findings as JSON on stdout
//	mcplint -sarif [flags] [packages]   findings as SARIF 2.1.0 on stdout
//	mcplint -fix [-diff] [packages]     apply the suggested fixes (-diff: show them)
//	mcplint -write-baseline=FILE [packages]  accept the findings: write them to FILE
//	mcplint -baseline=FILE [packages]   only the findings FILE does not list
//	go vet -vettool=$(command -v mcplint) [packages]
//	mcplint help [analyzer]             the analyzers, or one in full
//	mcplint version                     the module version (also -V)
//
// Each finding names its analyzer once: "file:line:col: message [analyzer]"
// as text (standalone and go vet), the analyzer's key in -json, the ruleId
// in SARIF.
//
// Exit status, the same for text, -json and -sarif output: 0 when there
// is no finding, and after -fix or -write-baseline once the analysis ran;
// 3 when there are findings (with -baseline, findings it does not list,
// and with -fail-stale its stale entries; go vet, and go run, exit 1
// instead); 1 when packages do not load or an analysis fails; 2 for a bad
// flag or argument (a directory that does not exist, patterns that match
// no package), or a baseline that cannot be read.
//
// The analyzers are listed by [analyzers.All]; see mcplint help.
package main

import (
	"errors"
	"flag"
	"fmt"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcplint/mcplint/analyzers"
)

func main() {
	all := analyzers.All()
	args := os.Args[1:]
	// The multichecker runs parse flag.CommandLine: -docs is among its
	// flags, and so in what -flags tells go vet.
	flag.Var(docsFlag{}, "docs", docsUsage)
	switch {
	case os.Getenv(childEnv) == "1":
		// The run of a standalone mcplint -fix that applies the fixes
		// (see runFix).
		multichecker.Main(all...)
	case isVetTool(args) && answerStandardUnit(args[len(args)-1]):
		// A package of the standard library, asked for its facts: it
		// has none.
		os.Exit(0)
	case isVetTool(args):
		// go vet (since Go 1.26 always with -json) prints "posn: message"
		// for any tool, so the message carries the analyzer's name. (" [analyzer]"
		// is the suffix that go vet's own source means to add one day;
		// when it does, this goes.)
		multichecker.Main(analyzers.Named(all)...)
	case hasFlag(args, "flags") || slices.Contains(args, "-V=full"):
		// go vet's questions.
		multichecker.Main(all...)
	}
	if status, ok := runCommand(all, args, os.Stdout, os.Stderr); ok {
		os.Exit(status)
	}
	os.Exit(standalone(all, args, os.Stdout, os.Stderr))
}

// standalone runs mcplint [flags] [packages]: it checks the flags, then
// analyzes and prints in the form they ask for.
func standalone(all []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(all, args)
	if err == errUsage {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err == nil {
		err = checkPatterns(o.patterns)
	}
	if err == nil {
		err = checkVerifiers(all)
	}
	if err != nil {
		return badArgs(stderr, err)
	}
	if o.baseline != "" {
		// Read before the analysis, which takes long, so that a bad
		// file stops the run at once.
		if o.accepted, err = readBaseline(o.baseline, all); err != nil {
			fmt.Fprintf(stderr, "mcplint: %v\n", err)
			return 2
		}
	}
	switch {
	case o.writeBaseline != "":
		return runWriteBaseline(all, o, stderr)
	case o.sarif:
		return runSARIF(all, o, stdout, stderr)
	case o.json:
		return runJSON(all, o, stdout, stderr)
	case o.fix:
		return runFix(all, o, stdout, stderr)
	}
	return runText(all, o, stderr)
}

// badArgs reports a bad flag or argument in one line, and where the
// usage is, and returns the exit status 2.
func badArgs(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "mcplint: %v\nRun mcplint -h for the usage, flags and exit status.\n", err)
	return 2
}

// checkPatterns checks that each package pattern that names a directory
// (., .., or a path starting with one of them or /, with or without a
// trailing /...) names one that exists: the go command would report it
// as a package that does not load.
func checkPatterns(patterns []string) error {
	for _, p := range patterns {
		dir, wild := strings.CutSuffix(p, "/...")
		switch {
		case !wild && strings.Contains(p, "..."):
			continue // a wildcard within a name, such as ./cmd/mc...
		case p == "/...":
			dir = "/"
		case !build.IsLocalImport(dir) && !filepath.IsAbs(dir):
			continue // an import path
		}
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s: no such directory", p)
		}
	}
	return nil
}

// isVetTool reports whether mcplint runs as a go vet (or go fix) tool:
// its one argument is the configuration file go vet writes.
func isVetTool(args []string) bool {
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// hasFlag reports whether args set one of the flags names (as -name,
// --name, -name=value or --name=value), before the first package.
func hasFlag(args []string, names ...string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		for _, n := range names {
			if name == n {
				return true
			}
		}
	}
	return false
}
