package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers/statereach"
)

// options are the flags of a standalone run that mcplint itself acts on;
// the rest go to the analysis run unchanged.
type options struct {
	json, sarif, fix, diff bool
	context                int      // -c: lines of context, or -1
	tests                  bool     // -test
	patterns               []string // the packages named
	// analysis is args without -sarif and -c, for the analysis run.
	analysis []string
}

// errUsage is a flag error after which the usage follows.
var errUsage = errors.New("usage")

// parseFlags parses a standalone command line as the analysis run will,
// so that a bad flag or value is reported here, in mcplint's words, and
// checks the combinations the analysis run would accept silently. Setting
// an analyzer's flag runs its own check (such as -resolvegraph.budget's).
func parseFlags(as []*analysis.Analyzer, args []string) (*options, error) {
	o := &options{context: -1, tests: true}
	fs := flag.NewFlagSet("mcplint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, a := range as {
		fs.Bool(a.Name, false, "")
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
	for _, name := range []string{"debug", "cpuprofile", "memprofile", "trace", "tags"} {
		fs.String(name, "", "")
	}
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
// itself and the analysis run does not know (-sarif) or must not see
// (-c, whose output mcplint prints).
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

// checkVerifiers checks that each function named in -statereach.verifiers
// exists: a name that matches nothing would leave its callers' state
// unverified without a word. It loads the named packages (types only).
func checkVerifiers(as []*analysis.Analyzer) error {
	var value string
	for _, a := range as {
		if f := a.Flags.Lookup("verifiers"); a.Name == "statereach" && f != nil {
			value = f.Value.String()
		}
	}
	var names []statereach.VerifierName
	var spelled []string
	paths := map[string]bool{}
	for _, s := range strings.Split(value, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		v, err := statereach.ParseVerifier(s)
		if err != nil {
			return err
		}
		names, spelled = append(names, v), append(spelled, s)
		paths[v.PkgPath] = true
	}
	if len(names) == 0 {
		return nil
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, patterns...)
	if err != nil {
		return fmt.Errorf("-statereach.verifiers: %s", cleanLoadError(err))
	}
	byPath := map[string]*packages.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
	}
	for i, v := range names {
		p := byPath[v.PkgPath]
		if p == nil || p.Types == nil || len(p.Errors) > 0 && p.Types.Scope().Len() == 0 {
			return fmt.Errorf("-statereach.verifiers: %s: there is no package %s here", spelled[i], v.PkgPath)
		}
		obj := p.Types.Scope().Lookup(v.Func)
		if v.Type != "" {
			obj = lookupMethod(p, v.Type, v.Func)
		}
		if obj == nil || !isFunc(obj) {
			what := "function " + v.Func
			if v.Type != "" {
				what = "method " + v.Type + "." + v.Func
			}
			return fmt.Errorf("-statereach.verifiers: %s: package %s has no %s", spelled[i], v.PkgPath, what)
		}
	}
	return nil
}

// withoutFlags returns args without the boolean flags names (as -name,
// --name or -name=value) before the first package.
func withoutFlags(args []string, names ...string) []string {
	var out []string
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			return append(out, args[i:]...)
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !slices.Contains(names, name) {
			out = append(out, a)
		}
	}
	return out
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
