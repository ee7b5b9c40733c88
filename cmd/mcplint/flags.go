package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/statereach"
)

// options are the flags of a standalone run; the analyzers' own flags are
// set on the analyzers as they are parsed.
type options struct {
	json, sarif, fix, diff bool
	context                int      // -c: lines of context, or -1
	tests                  bool     // -test
	patterns               []string // the packages named
	// analysis is args without -sarif and -c, for the multichecker run
	// that applies fixes.
	analysis []string
	// chosen are the analyzers named by -<analyzer> flags, with the value
	// each was given: those given true run alone, else those given false
	// are left out.
	chosen map[string]bool
	// debug, cpuprofile, memprofile and trace are the flags of the same
	// names of golang.org/x/tools' checkers.
	debug, cpuprofile, memprofile, trace string
	baseline, writeBaseline              string // -baseline, -write-baseline
	failStale                            bool   // -fail-stale
	// accepted are the entries of the -baseline file.
	accepted []baselineEntry
}

// errUsage is a flag error after which the usage follows.
var errUsage = errors.New("usage")

// parseFlags parses a standalone command line, so that a bad flag or value
// is reported in mcplint's words, and checks the combinations that make no
// sense. Setting an analyzer's flag runs its own check (such as
// -resolvegraph.budget's).
func parseFlags(as []*analysis.Analyzer, args []string) (*options, error) {
	o := &options{context: -1, tests: true, chosen: map[string]bool{}}
	fs := flag.NewFlagSet("mcplint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, a := range as {
		fs.BoolFunc(a.Name, "", func(s string) error {
			on, err := strconv.ParseBool(s)
			o.chosen[a.Name] = on
			return err
		})
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.BoolVar(&o.json, "json", false, "")
	fs.BoolVar(&o.sarif, "sarif", false, "")
	fs.BoolVar(&o.fix, "fix", false, "")
	fs.BoolVar(&o.diff, "diff", false, "")
	fs.Var((*contextFlag)(&o.context), "c", "")
	fs.BoolVar(&o.tests, "test", true, "")
	fs.StringVar(&o.debug, "debug", "", "")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "")
	fs.StringVar(&o.memprofile, "memprofile", "", "")
	fs.StringVar(&o.trace, "trace", "", "")
	fs.StringVar(&o.baseline, "baseline", "", "")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "")
	fs.BoolVar(&o.failStale, "fail-stale", false, "")
	fs.Var(docsFlag{}, "docs", "")
	fs.String("tags", "", "")
	for _, name := range []string{"source", "v", "all"} { // x/tools' no-op flags
		fs.Bool(name, false, "")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, errUsage
		}
		return nil, err
	}
	switch {
	case o.diff && !o.fix:
		return nil, errors.New("-diff prints the changes that -fix would make: use it with -fix (mcplint -fix -diff ./...)")
	case o.sarif && o.json:
		return nil, errors.New("-sarif and -json are two output formats: choose one")
	case o.sarif && o.fix, o.json && o.fix:
		return nil, errors.New("-fix changes files and prints no findings: use it without -json or -sarif")
	case o.writeBaseline != "" && (o.json || o.sarif || o.fix || o.baseline != ""):
		return nil, errors.New("-write-baseline writes every finding to the file and prints none: use it alone (mcplint -write-baseline=FILE ./...)")
	case o.fix && o.baseline != "":
		return nil, errors.New("-fix applies the fixes of every finding: use it without -baseline")
	case o.failStale && o.baseline == "":
		return nil, errors.New("-fail-stale fails on the entries of a baseline that match no finding: use it with -baseline=FILE")
	}
	o.patterns = fs.Args()
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return nil, fmt.Errorf("flag %s after the packages: put the flags first (mcplint [flags] [packages])", p)
		}
	}
	o.analysis = analysisArgs(args)
	return o, nil
}

// analysisArgs returns args without the flags that mcplint handles
// itself and the multichecker run of -fix does not know (-sarif) or must
// not see (-c, whose output mcplint prints).
func analysisArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return append(out, args[i:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "sarif":
			continue
		case "c":
			if !hasValue {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// checkVerifiers checks that the package of each function named in
// -statereach.verifiers exists: a name that matches nothing would leave
// its callers' state unverified without a word. (Whether the package has
// the function, statereach checks itself, in every driver; that a package
// exists, only a load of it tells, which an analysis of other packages
// cannot do.) It asks the go command for the names of the packages only.
func checkVerifiers(as []*analysis.Analyzer) error {
	var value string
	for _, a := range as {
		if f := a.Flags.Lookup("verifiers"); a.Name == "statereach" && f != nil {
			value = f.Value.String()
		}
	}
	spelled := map[string]string{} // a name of the flag, by its package path
	var paths []string
	for _, s := range strings.Split(value, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		v, err := statereach.ParseVerifier(s)
		if err != nil {
			return err
		}
		if _, dup := spelled[v.PkgPath]; !dup {
			spelled[v.PkgPath] = s
			paths = append(paths, v.PkgPath)
		}
	}
	if len(paths) == 0 {
		return nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles}, paths...)
	if err != nil {
		return fmt.Errorf("-statereach.verifiers: %s", cleanLoadError(err))
	}
	found := map[string]bool{}
	for _, p := range pkgs {
		found[p.PkgPath] = len(p.Errors) == 0 || len(p.GoFiles) > 0
	}
	for _, path := range paths {
		if !found[path] {
			return fmt.Errorf("-statereach.verifiers: %s: there is no package %s here", spelled[path], path)
		}
	}
	return nil
}

// contextFlag is -c N: a number of lines.
type contextFlag int

func (c *contextFlag) String() string { return strconv.Itoa(int(*c)) }

func (c *contextFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not a number of lines", s)
	}
	*c = contextFlag(n)
	return nil
}

// docsFlag is -docs URL: the address of mcplint's docs directory, which
// the messages, mcplint help and SARIF link to.
type docsFlag struct{}

const docsUsage = "the address of mcplint's docs directory, which the messages link to (default " + analyzers.DefaultDocs + ")"

func (docsFlag) String() string     { return analyzers.DocURL("") }
func (docsFlag) Set(s string) error { return analyzers.SetDocs(s) }
