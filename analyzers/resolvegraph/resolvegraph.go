package resolvegraph

import (
	_ "embed"
	"fmt"
	"strconv"

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
	registrations.Budget = rules.DefaultRoundBudget
	Analyzer.Flags.Var(budgetFlag{}, "budget",
		"the round budget of the default runtime, in questions: the longest chain of dependent questions a tool may ask")
}

// budgetFlag is the flag -resolvegraph.budget: a number of questions, at
// least 1 (a runtime cannot have a budget of no questions), so that a
// mistyped value is an error when the flags are parsed, in every driver.
type budgetFlag struct{}

func (budgetFlag) String() string { return strconv.Itoa(registrations.Budget) }

func (budgetFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a number of questions", s)
	}
	if n < 1 {
		return fmt.Errorf("%d: the budget is at least 1 question", n)
	}
	registrations.Budget = n
	return nil
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
