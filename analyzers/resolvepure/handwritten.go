package resolvepure

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
)

// handWrittenFix is the fix for a side effect of a hand-written handler
// on a path that asks the user.
func handWrittenFix() string {
	return "move it past the last return of InputRequests, where every answer is in " +
		"(or declare the question as a resolver and do it in the handler: see " + check.DocURL("migrate.md") + ", from a hand-written handler to resolvers)"
}

// checkHandWritten reports, in each function of the package that returns
// an input-required result (a hand-written multi-round handler, or a
// helper whose result it returns), every call performing a side effect
// from which a path leads to such a return: the handler runs once per
// round, so the effect happens before the user answered, and again in
// every round of the call.
func (c *checker) checkHandWritten(r *rounds.Result) {
	// A write on a file kept open elsewhere appends to a log or an audit
	// trail: a handler that records each round it asks in one is doing
	// what it means to (polymatx/opsgate records "approval_requested").
	appendOnly := func(s flow.Reach) bool { return strings.HasSuffix(s.Sink, onOpenFile) }
	reacher := &flow.Reacher{
		Graph: c.graph,
		Sink: func(site ssa.CallInstruction, callee flow.Callee) (string, bool) {
			s, ok := c.sink(site, callee)
			return s, ok && !strings.HasSuffix(s, onOpenFile)
		},
		Import: func(fn *types.Func) (flow.Reach, bool) {
			s, ok := c.importFact(fn)
			return s, ok && !appendOnly(s)
		},
		Name: c.name,
		Runs: runs,
	}
	for _, fn := range c.prog.Funcs {
		if len(r.InputRequiredReturns(fn)) == 0 {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				site, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				s, ok := reacher.Call(site)
				if !ok {
					continue
				}
				ret := r.AskingReturn(site)
				if ret == nil {
					continue
				}
				effect, how := describe(s, 0)
				name := flow.FuncName(fn)
				if fn.Parent() != nil {
					name = check.LiteralIn(name)
				}
				// The return it reaches goes with the finding as related
				// information, not in its message: a message is part of a
				// baseline entry and of a SARIF fingerprint, which a moved
				// line must not change.
				c.rep.Report(analysis.Diagnostic{Pos: site.Pos(), Category: Category, Related: []analysis.RelatedInformation{{Pos: ret.Pos(), Message: "the return of the input-required result"}}, Message: fmt.Sprintf(
					"handler %s %s (%s) on a path that returns an input-required result: it runs before the user answered, and again in every round: %s",
					name, effect, how, handWrittenFix())})
			}
		}
	}
}
