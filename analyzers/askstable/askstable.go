package askstable

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports questions built from values that change between rounds.
var Analyzer = check.New(string(rules.AskStable), doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer, registrations.Analyzer, rounds.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Unstable), new(AsksWith), new(WrittenAtRunTime)},
})

// Categories of findings.
const (
	// Category: a resolver's question changes between rounds.
	Category = "unstable"
	// CategoryKey: a hand-written input request's key changes between
	// rounds (no run-time twin: the runtime never sees such a handler).
	CategoryKey = "key"
)

// fix is what the rule core tells the author: rules.AskStableFix.
const fix = rules.AskStableFix

type checker struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	funcs    []*ssa.Function
	rep      *suppress.Reporter
	g        *flow.Graph
	taints   flow.Fold[taint]      // what each value depends on
	results  flow.Fold[string]     // keyed by *ssa.Function: why what it returns changes
	written  map[*types.Var]string // package-level variables written at run time
	paramWhy map[*ssa.Parameter]string
	asksWith map[*ssa.Function]map[int]string // parameter -> what of the question
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	c := &checker{
		pass:     pass,
		pkg:      prog.Pkg,
		funcs:    prog.Funcs,
		rep:      suppress.New(pass),
		g:        flow.New(prog),
		written:  make(map[*types.Var]string),
		paramWhy: make(map[*ssa.Parameter]string),
		asksWith: make(map[*ssa.Function]map[int]string),
	}
	c.scanWrites()
	c.resetMemo()
	c.resolverResults()
	c.questions()
	c.exportFacts()
	return nil, nil
}

func (c *checker) resetMemo() {
	c.taints = flow.Fold[taint]{Compute: c.compute}
	c.results = flow.Fold[string]{Compute: func(v ssa.Value) string { return c.computeReturns(v.(*ssa.Function)) }}
}
