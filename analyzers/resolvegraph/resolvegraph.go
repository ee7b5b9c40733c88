package resolvegraph

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports resolver tool registrations that the runtime rejects
// under rule resolvegraph.
var Analyzer = check.New("resolvegraph", doc, check.Spec{
	Requires: []*analysis.Analyzer{registrations.Analyzer},
	Run:      run,
})

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
	regs := registrations.Of(pass)
	rep := suppress.New(pass) // also reports directives that name no analyzer
	for _, reg := range regs.Registrations {
		for _, f := range reg.Findings {
			if f.Rule != rules.ResolveGraph {
				continue
			}
			d := analysis.Diagnostic{Pos: f.Node.Pos(), End: f.Node.End(), Category: string(f.Category), Message: f.Message}
			if f.Category == rules.UnusedResolver {
				d.SuggestedFixes = removeResolver(pass, reg, f.Node)
			}
			rep.Report(d)
		}
	}
	return nil, nil
}

// removeResolver returns the fix of an unused resolver: its argument
// removed from the registration, when that is mechanical and right: the
// argument is written in the call itself (not spread from a slice), no
// comment is in the text removed, and the registration has no finding but
// unused resolvers (with another, such as a missing provider or a
// parameter of the wrong kind, the resolver is more likely meant to be
// used, as when the handler takes *T and the resolver provides T).
func removeResolver(pass *analysis.Pass, reg *gotypes.Result, arg ast.Expr) []analysis.SuggestedFix {
	call := reg.Reg.Call
	if call.Ellipsis.IsValid() {
		return nil
	}
	for _, f := range reg.Findings {
		if f.Category != rules.UnusedResolver {
			return nil
		}
	}
	i := slices.Index(call.Args, arg)
	if i < 1 {
		return nil
	}
	from, to := call.Args[i-1].End(), arg.End()
	for _, file := range pass.Files {
		if file.FileStart <= from && to <= file.FileEnd {
			for _, cg := range file.Comments {
				if cg.Pos() < to && from < cg.End() {
					return nil
				}
			}
		}
	}
	return []analysis.SuggestedFix{{
		Message:   "Remove the unused resolver " + types.ExprString(arg),
		TextEdits: []analysis.TextEdit{{Pos: from, End: to}},
	}}
}
