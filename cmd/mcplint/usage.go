package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers"
)

// usage is what mcplint -h prints. Every flag of the command appears in it
// (TestUsageListsEveryFlag).
const usage = `mcplint checks Go MCP servers built on the official SDK (and mcp-go) and the
mcplint runtime for the rules of resolver-based tools.

Usage:
  mcplint [flags] [packages]           findings on stderr, sorted by position
  mcplint -json [flags] [packages]     findings as JSON on stdout
  mcplint -sarif [flags] [packages]    findings as SARIF 2.1.0 on stdout
  mcplint -fix [-diff] [packages]      apply the suggested fixes (-diff: print them)
  mcplint -write-baseline=FILE [packages]
                                       accept the findings: write them to FILE
  mcplint -baseline=FILE [packages]    only the findings FILE does not list
  go vet -vettool=$(command -v mcplint) [packages]
                                       as a vet tool (also golangci-lint, gopls:
                                       see docs/ci.md and docs/editors.md)
  mcplint help [analyzer]              the analyzers, or one with its flags
  mcplint version                      the module version (also -V)

A finding reads "file:line:col: message [analyzer]"; mcplint help links to
the analyzer's page, and //mcplint:ignore <analyzer> <reason> on the line
(or the line before) suppresses it. A package that does not load or
type-check gives one line per error, and is not analyzed. A finding in a
package and in its test variant is reported once, in every output.

Flags:
  -<analyzer>          run only the analyzers so named (default: all); see
                       mcplint help for the names
  -<analyzer>.<flag>   an analyzer's own flag, as mcplint help <analyzer> lists
  -json                JSON on stdout: {package: {analyzer: [finding]}}; a
                       package's load and type errors under "load-errors"
  -sarif               SARIF 2.1.0 on stdout, paths relative to the current
                       directory, for code scanning
  -fix                 apply every suggested fix, and say on stderr how many
                       findings have none
  -diff                with -fix, print a unified diff instead of changing files
  -c N                 print N lines of context around each finding
  -baseline FILE       report only the findings that FILE (a baseline) does not
                       list, and the entries of FILE whose finding is gone
                       (stale) on stderr; with -json, -sarif too (see docs/ci.md)
  -write-baseline FILE write every finding to FILE, a baseline, and print none
  -fail-stale          with -baseline, fail (exit 3) on a stale entry too
  -test                analyze test files too (default true; -test=false not)
  -docs URL            the address of mcplint's docs directory, which messages,
                       mcplint help and SARIF link to (default
                       ` + analyzers.DefaultDocs + `);
                       also before help: mcplint -docs=URL help
  -flags               print the flags as JSON (go vet uses it)
  -V=full              print the build ID (go vet uses it)
  -debug, -cpuprofile, -memprofile, -trace
                       debugging and profiling of the analysis (golang.org/x/tools)

Exit status, the same for text, -json and -sarif output:
  0  no finding (with -baseline, none it does not list); -fix and
     -write-baseline, which print no finding, once the analysis ran
  1  packages do not load or an analysis failed (the other packages'
     findings are still printed; -sarif's log says why in its invocation),
     or fixes could not be applied
  2  a bad flag or argument (a directory that does not exist, patterns that
     match no package), or a baseline file that cannot be read: nothing
     was analyzed
  3  findings (with -baseline, findings it does not list; with -fail-stale,
     stale entries too; go vet exits 1 instead, and so does go run,
     printing "exit status 3")
`

// runCommand handles the arguments that are mcplint's own rather than the
// multichecker's: usage, help and version. It reports whether it did, and
// the exit status.
func runCommand(as []*analysis.Analyzer, args []string, stdout, stderr io.Writer) (int, bool) {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2, true
	}
	// -docs may come before help, which prints the pages' addresses.
	if hasFlag(args[:1], "docs") {
		value, rest := "", args[1:]
		if _, v, ok := strings.Cut(args[0], "="); ok {
			value = v
		} else if len(rest) > 0 {
			value, rest = rest[0], rest[1:]
		}
		if len(rest) > 0 && rest[0] == "help" {
			if err := analyzers.SetDocs(value); err != nil {
				return badArgs(stderr, fmt.Errorf("invalid value %q for flag -docs: %v", value, err)), true
			}
			args = rest
		}
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0, true
	case "help":
		return help(as, args[1:], stdout, stderr), true
	case "version", "-V", "--V", "-version", "--version":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "mcplint: %s takes no arguments, but got %q\n", args[0], args[1:])
			return 2, true
		}
		fmt.Fprintf(stdout, "mcplint %s\n", version())
		return 0, true
	}
	return 0, false
}

// version returns the version of the mcplint module this binary was built
// from: a release (v1.2.3), a pseudo-version of the commit a build from a
// clone was made at, or "(devel)".
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" {
		return "(devel)"
	}
	return bi.Main.Version
}

// help prints the analyzers (mcplint help), or some in full (mcplint help
// name...), with the link to each one's page, then the pointer to the
// flags. It returns the exit status.
func help(as []*analysis.Analyzer, names []string, stdout, stderr io.Writer) int {
	if len(names) == 0 {
		fmt.Fprintln(stdout, "mcplint's analyzers (run one alone with -<analyzer>; flags: mcplint help <analyzer>):")
		fmt.Fprintln(stdout)
		for _, a := range as {
			title, _, _ := strings.Cut(a.Doc, "\n")
			fmt.Fprintf(stdout, "  %-13s %s\n  %-13s %s\n", a.Name, title, "", a.URL)
		}
		fmt.Fprintln(stdout)
		fmt.Fprintf(stdout, "Suppressing a finding: %s\n", analyzers.DocURL("checks/suppression.md"))
		fmt.Fprintln(stdout, "The pages are also in the docs directory of mcplint's source: mcplint -docs=file:///path/to/mcplint/docs/ help links there.")
		fmt.Fprintln(stdout, "The command's usage, flags and exit status: mcplint -h")
		return 0
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range as {
		byName[a.Name] = a
	}
	for _, name := range names {
		if byName[name] == nil {
			fmt.Fprintf(stderr, "mcplint help: no analyzer %q; mcplint help lists them\n", name)
			return 2
		}
	}
	for i, name := range names {
		a := byName[name]
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s: %s\n\n%s\n", a.Name, strings.TrimSpace(a.Doc), a.URL)
		var flags []string
		a.Flags.VisitAll(func(f *flag.Flag) {
			flags = append(flags, fmt.Sprintf("  -%s.%s\n    \t%s (default %q)", a.Name, f.Name, f.Usage, f.DefValue))
		})
		if len(flags) > 0 {
			fmt.Fprintf(stdout, "\nFlags:\n%s\n", strings.Join(flags, "\n"))
		}
	}
	return 0
}
