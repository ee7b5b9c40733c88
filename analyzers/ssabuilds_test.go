package analyzers_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// TestSSABuiltOncePerRelevantPackage runs every analyzer over testdata
// modules, dependencies included, and counts the SSA programs built: one
// for each package that the bail-out finds relevant (askstable asks for it
// in each, statereach and the others share it), and one for each package
// of the module being linted that calls a side effect of the knowledge
// table (resolvepure summarizes it, for the resolvers of its importers);
// none for the others (the standard library, the SDKs' API packages,
// modules from the module cache). And no analyzer has a fact about the
// standard library, which the vet path relies on.
func TestSSABuiltOncePerRelevantPackage(t *testing.T) {
	for _, module := range []string{"statereach", "resolvepure"} {
		t.Run(module, func(t *testing.T) { testSSABuilds(t, module) })
	}
}

func testSSABuilds(t *testing.T, module string) {
	dir := testenv.Download(t, module)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Env: append(testenv.Env(), "GOPROXY=off")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	before := ssabuild.Builds()
	graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	built := ssabuild.Builds() - before
	// go vet's units of the standard library are answered without an
	// analysis (cmd/mcplint's answerStandardUnit): no analyzer may have a
	// fact about a package of it, every body type-checked as here.
	for act := range graph.All() {
		if act.Package.Module != nil {
			continue
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				t.Errorf("%s has a fact about %s of the standard library: %v", act.Analyzer.Name, f.Object, f.Fact)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				t.Errorf("%s has a fact about package %s of the standard library: %v", act.Analyzer.Name, f.Package.Path(), f.Fact)
			}
		}
	}
	// A package is relevant if it is no API package and imports an API,
	// directly or through any of its imports (the fact check.Analyzer
	// passes on).
	reaches := make(map[*packages.Package]bool)
	relevant, all := 0, 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		all++
		r := check.ImportsAPI(p.Types)
		for _, imp := range p.Imports {
			r = r || reaches[imp]
		}
		reaches[p] = r
		if r && !check.IsAPIPackage(p.Types) || !check.IsAPIPackage(p.Types) && linted(p) && callsEffect(p) {
			relevant++
		}
	})
	if relevant == 0 || relevant == all {
		t.Fatalf("%d of %d packages relevant: the module should have both kinds", relevant, all)
	}
	if built != int64(relevant) {
		t.Errorf("built SSA %d times for %d relevant packages (of %d); want once each", built, relevant, all)
	}
}

// linted reports whether p belongs to the module being linted: the main
// module, without a version.
func linted(p *packages.Package) bool {
	return p.Module != nil && p.Module.Path != "" && p.Module.Version == ""
}

// callsEffect reports whether p refers to a function of the side-effect
// table.
func callsEffect(p *packages.Package) bool {
	for _, obj := range p.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok {
			if _, ok := knowledge.EffectOf(fn); ok {
				return true
			}
		}
	}
	return false
}
