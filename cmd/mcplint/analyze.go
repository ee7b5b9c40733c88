package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
)

// analyze loads the packages o names and runs the analyzers o chooses of
// as on them, in this process: one load and one analysis, whatever the
// output. A package that does not load or type-check gives its errors in
// loadErrors. It returns the exit status to use if it is not 0: 1 when
// some packages do not load, or none could be analyzed (then the report
// has only its fatal error, which analyze has printed); 2 when the
// patterns match no package.
func analyze(as []*analysis.Analyzer, o *options, errOut io.Writer) (*report, int) {
	fail := func(status int, format string, args ...any) (*report, int) {
		msg := fmt.Sprintf(format, args...)
		fmt.Fprintf(errOut, "mcplint: %s\n", msg)
		return &report{fatal: msg}, status
	}
	stop, err := startProfiles(o)
	if err != nil {
		return fail(1, "%v", err)
	}
	defer stop(errOut)
	chosen := o.analyzers(as)
	logf := func(format string, args ...any) {
		if strings.Contains(o.debug, "v") {
			fmt.Fprintf(errOut, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05.000000")}, args...)...)
		}
	}
	logf("load %s", o.patterns)
	mode := packages.LoadSyntax | packages.NeedModule
	if needFacts(chosen) {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	pkgs, err := analyzers.Load(&packages.Config{Mode: mode, Tests: o.tests}, o.patterns...)
	if err != nil {
		return fail(1, "cannot load the packages: %s", cleanLoadError(err))
	}
	if len(pkgs) == 0 {
		return fail(2, "%s matched no packages", strings.Join(o.patterns, " "))
	}
	var factLog io.Writer
	if strings.Contains(o.debug, "f") {
		factLog = errOut
	}
	logf("analyze %d packages", len(pkgs))
	graph, err := checker.Analyze(chosen, pkgs, &checker.Options{
		Sequential:  strings.Contains(o.debug, "p"),
		SanityCheck: strings.Contains(o.debug, "s"),
		FactLog:     factLog,
	})
	if err != nil {
		return fail(1, "%v", err)
	}
	if strings.Contains(o.debug, "t") {
		printTimes(errOut, graph)
	}
	// The analysis output in the -json form of x/tools' checkers, which
	// readFindings reads: -json prints it as it was before mcplint ran in
	// one process.
	var out bytes.Buffer
	if err := graph.PrintJSON(&out); err != nil {
		return fail(1, "%v", err)
	}
	res, err := readFindings(as, out.Bytes())
	if err != nil {
		return fail(1, "%v", err)
	}
	locateFindings(res.findings, graph)
	errs := loadErrors(pkgs)
	if len(errs) == 0 {
		return res, 0
	}
	res.loadErrors = errs
	byPkg := map[string][]loadError{}
	for _, e := range errs {
		byPkg[e.pkg] = append(byPkg[e.pkg], e)
	}
	for pkg, mine := range byPkg {
		if res.tree[pkg] == nil {
			res.tree[pkg] = map[string]json.RawMessage{}
		}
		data, _ := json.Marshal(mine)
		res.tree[pkg][loadJSONKey] = data
	}
	return res, 1
}

// analyzers returns the analyzers of as that the -<analyzer> flags
// choose, as x/tools' multichecker does: those set to true if any is,
// else all but those set to false.
func (o *options) analyzers(as []*analysis.Analyzer) []*analysis.Analyzer {
	only := false
	for _, on := range o.chosen {
		only = only || on
	}
	var out []*analysis.Analyzer
	for _, a := range as {
		on, set := o.chosen[a.Name]
		if only && on || !only && (!set || on) {
			out = append(out, a)
		}
	}
	return out
}

// needFacts reports whether an analyzer of as, or one they require,
// uses facts: then the dependencies are analyzed too, and need syntax.
func needFacts(as []*analysis.Analyzer) bool {
	seen := map[*analysis.Analyzer]bool{}
	for len(as) > 0 {
		a := as[0]
		as = as[1:]
		if seen[a] {
			continue
		}
		seen[a] = true
		if len(a.FactTypes) > 0 {
			return true
		}
		as = append(as, a.Requires...)
	}
	return false
}

// startProfiles starts what -cpuprofile, -memprofile and -trace ask for;
// the function it returns writes them.
func startProfiles(o *options) (stop func(io.Writer), err error) {
	var stops []func() error
	stop = func(errOut io.Writer) {
		for _, s := range slices.Backward(stops) {
			if err := s(); err != nil {
				fmt.Fprintf(errOut, "mcplint: %v\n", err)
			}
		}
	}
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return stop, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return stop, err
		}
		stops = append(stops, func() error { pprof.StopCPUProfile(); return f.Close() })
	}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			stop(io.Discard)
			return stop, err
		}
		if err := trace.Start(f); err != nil {
			f.Close()
			stop(io.Discard)
			return stop, err
		}
		stops = append(stops, func() error { trace.Stop(); return f.Close() })
	}
	if o.memprofile != "" {
		stops = append(stops, func() error {
			f, err := os.Create(o.memprofile)
			if err != nil {
				return err
			}
			runtime.GC() // up-to-date statistics
			if err := pprof.WriteHeapProfile(f); err != nil {
				f.Close()
				return err
			}
			return f.Close()
		})
	}
	return stop, nil
}

// printTimes prints the actions that took 90% of the analysis time, the
// longest first (-debug=t).
func printTimes(w io.Writer, graph *checker.Graph) {
	var list []*checker.Action
	var total time.Duration
	for act := range graph.All() {
		list = append(list, act)
		total += act.Duration
	}
	slices.SortFunc(list, func(a, b *checker.Action) int { return int(b.Duration - a.Duration) })
	var sum time.Duration
	for _, act := range list {
		fmt.Fprintf(w, "%s\t%s\n", act.Duration, act)
		if sum += act.Duration; sum >= total*9/10 {
			break
		}
	}
	if total > sum {
		fmt.Fprintf(w, "%s\tall others\n", total-sum)
	}
}

// locateFindings sets the function of each finding: the declared function
// or method whose body holds its position ("" outside any), by the syntax
// of the analyzed packages; and its file's key, for baselines.
func locateFindings(findings []finding, graph *checker.Graph) {
	type span struct {
		name                string
		fromLine, fromCol   int
		untilLine, untilCol int
	}
	funcs := map[string][]span{} // by file name
	modules := map[string]*packages.Module{}
	seen := map[*packages.Package]bool{}
	for _, act := range graph.Roots {
		p := act.Package
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, f := range p.Syntax {
			name := p.Fset.File(f.Pos()).Name()
			if _, done := modules[name]; done {
				continue
			}
			modules[name] = p.Module
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				from, until := p.Fset.Position(fd.Pos()), p.Fset.Position(fd.End())
				funcs[name] = append(funcs[name], span{funcName(fd), from.Line, from.Column, until.Line, until.Column})
			}
		}
	}
	cwd, _ := os.Getwd()
	for i := range findings {
		f := &findings[i]
		for _, s := range funcs[f.file] {
			after := f.line > s.fromLine || f.line == s.fromLine && f.col >= s.fromCol
			before := f.line < s.untilLine || f.line == s.untilLine && f.col <= s.untilCol
			if after && before {
				f.function = s.name
				break
			}
		}
		f.fileKey = fileKey(f.file, cwd, modules[f.file])
	}
}

// funcName returns the name of a declared function as a baseline keys it:
// Name, or Type.Name for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	// The receiver's type name, under *, (...) and type parameters.
	for t := fd.Recv.List[0].Type; ; {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		default:
			return fd.Name.Name
		}
	}
}
