package analyzers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// TestSSABuiltOncePerRelevantPackage runs every analyzer over a testdata
// module, dependencies included, and counts the SSA programs built: one
// for each package that the bail-out finds relevant (askstable asks for it
// in each, statereach and the others share it), none for the others (the
// standard library, the SDKs' API packages).
func TestSSABuiltOncePerRelevantPackage(t *testing.T) {
	dir := testenv.Module(t, "statereach")
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	before := ssabuild.Builds()
	if _, err := checker.Analyze(analyzers.All(), pkgs, nil); err != nil {
		t.Fatal(err)
	}
	built := ssabuild.Builds() - before
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
		if r && !check.IsAPIPackage(p.Types) {
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
