// Package checktest runs an analyzer over a testdata module and checks
// what it reports against the module's "// want" comments, with the
// conventions of golang.org/x/tools/go/analysis/analysistest (the same
// comments, the same messages on failure), and checks its suggested fixes
// against .golden files.
//
// It differs from analysistest in how the packages load, which is most of
// an analyzer test's cost: through analyzers.Load, which type-checks
// function bodies only where an analyzer reads them (the module itself and
// the packages that reach an MCP API) instead of every dependency's, the
// standard library and both SDKs included; and once per module and test
// binary ("./..." with tests, shared by every run over that module),
// instead of once per run. analysistest has no hook for either.
package checktest

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// Testing is what a run reports its failures to: a *testing.T, or a
// recorder of a run expected to find nothing.
type Testing interface {
	Errorf(format string, args ...any)
	Helper()
}

// Run analyzes the packages of dir (a module) matching patterns ("./x",
// "./x/...", "./...", each with its test variants) with a, and reports to
// t every diagnostic and fact that no "// want" comment expects and every
// expectation that nothing met. It returns the analyzer's actions on those
// packages, for further checks.
//
// An expectation is written as analysistest documents it: in a comment on
// the line, or on the line N below with "want +N"; a Go string literal is a
// regular expression that a diagnostic's message must match, and
// name:"regexp" one that the fact of the object named, declared on that
// line, must match (fmt.Sprint of the fact; "package" for a package fact,
// on line 1 of the package's first file).
func Run(t Testing, dir string, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	pkgs, err := load(dir, patterns)
	if err != nil {
		t.Errorf("loading %s in %s: %v", patterns, dir, err)
		return nil
	}
	if !a.RunDespiteErrors {
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, err := range p.Errors {
				t.Errorf("%s does not load cleanly: %v", p.ID, err)
			}
		})
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Errorf("analyzing %s: %v", patterns, err)
		return nil
	}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("analyzing %s: %v", act.Package.ID, act.Err)
			continue
		}
		checkExpectations(t, act)
	}
	return graph.Roots
}

// A module is a testdata module loaded once for every run over it.
type module struct {
	once sync.Once
	pkgs []*packages.Package
	err  error
}

var modules sync.Map // directory -> *module

// mode is what an analyzer with facts needs: every dependency, typed from
// source.
const mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedDeps | packages.NeedModule

// load returns the packages of the module in dir that patterns match,
// loading the module the first time it is asked for.
func load(dir string, patterns []string) ([]*packages.Package, error) {
	m, _ := modules.LoadOrStore(dir, new(module))
	mod := m.(*module)
	mod.once.Do(func() {
		cfg := &packages.Config{
			Mode:  mode,
			Dir:   dir,
			Tests: true,
			// Offline, from the module cache, as analysistest loads.
			Env: append(testenv.Env(), "GOPROXY=off"),
		}
		mod.pkgs, mod.err = analyzers.Load(cfg, "./...")
	})
	if mod.err != nil {
		return nil, mod.err
	}
	var matched []*packages.Package
	for _, pattern := range patterns {
		n := len(matched)
		for _, p := range mod.pkgs {
			if len(p.GoFiles) > 0 && matches(dir, pattern, filepath.Dir(p.GoFiles[0])) {
				matched = append(matched, p)
			}
		}
		if len(matched) == n {
			return nil, fmt.Errorf("no package matches %s", pattern)
		}
	}
	return matched, nil
}

// matches reports whether the package in pkgDir is one of those a pattern
// relative to the module in dir names. (The test main a "go list -test"
// adds for each package lives elsewhere and matches no pattern: it holds
// no code of the test's.)
func matches(dir, pattern, pkgDir string) bool {
	rel, err := filepath.Rel(dir, pkgDir)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	pattern = strings.TrimPrefix(pattern, "./")
	if tree, ok := strings.CutSuffix(pattern, "..."); ok {
		tree = strings.TrimSuffix(tree, "/")
		return !strings.HasPrefix(rel, "../") && (tree == "" || rel == tree || strings.HasPrefix(rel, tree+"/"))
	}
	return rel == strings.TrimSuffix(pattern, "/")
}
