package resolvegraph

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports resolver tool registrations that the runtime rejects
// under rule resolvegraph.
var Analyzer = &analysis.Analyzer{
	Name:     "resolvegraph",
	Doc:      analysisdoc.MustExtract(doc, "resolvegraph"),
	URL:      check.URL("resolvegraph"),
	Requires: []*analysis.Analyzer{check.Analyzer, registrations.Analyzer, suppress.Analyzer},
	Run:      run,
}

func init() {
	Analyzer.Flags.IntVar(&registrations.Budget, "budget", rules.DefaultRoundBudget,
		"the round budget of the default runtime, in questions: the longest chain of dependent questions a tool may ask")
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	regs := pass.ResultOf[registrations.Analyzer].(*registrations.Result)
	rep := suppress.New(pass) // also reports directives that name no analyzer
	for f := range regs.Findings(rules.ResolveGraph) {
		rep.Reportf(f.Node, string(f.Category), "%s", f.Message)
	}
	return nil, nil
}
