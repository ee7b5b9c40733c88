package failopen

import (
	"fmt"
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A hand-written handler may count the answers instead of reading one:
// len(req.Params.InputResponses) == 0 (or the map compared with nil)
// tells the first round from a retry, and a handler that reads nothing
// more takes any answer as consent: a decline, a cancel, an answer under
// another key.

// countedSite returns the site of instr when it counts a request's input
// responses: len of the map, or the map compared with nil. Its outcomes
// bind the count: none on a missing answer, one on any other.
func countedSite(instr ssa.Instruction) (*site, bool) {
	switch in := instr.(type) {
	case *ssa.Call:
		b, ok := in.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "len" || len(in.Call.Args) != 1 || !knowledge.IsInputResponseMap(in.Call.Args[0].Type()) {
			return nil, false
		}
		return &site{at: in, name: "InputResponses", counted: in}, true
	case *ssa.BinOp:
		if in.Op != token.EQL && in.Op != token.NEQ {
			return nil, false
		}
		x, y := in.X, in.Y
		if flow.IsNilConst(x) {
			x, y = y, x
		}
		if !flow.IsNilConst(y) || !knowledge.IsInputResponseMap(x.Type()) {
			return nil, false
		}
		return &site{at: in, name: "InputResponses", counted: in}, true
	}
	return nil, false
}

// countOn returns what the counting value v (a len, or a comparison with
// nil) is on o: a missing answer leaves the map empty (nil), any other
// outcome puts one answer in it.
func countOn(v ssa.Value, o outcome) flow.Val {
	if op, ok := v.(*ssa.BinOp); ok {
		return flow.Bool((o == failed) == (op.Op == token.EQL))
	}
	n := int64(1)
	if o == failed {
		n = 0
	}
	return flow.Val{Kind: flow.Known, Const: constant.MakeInt64(n)}
}

// countedAdvice is the advice of a finding on a handler that counts the
// answers and reads none.
func countedAdvice() string {
	return "any answer is taken as consent; read the answer under its key and go ahead only on an accepted one, or ask through a resolver, where the runtime does both (" + check.DocURL("migrate.md") + ")"
}

// checkCounted reports a handler that counts its input responses, asks
// when there is none, and goes on, when there is one, into code that the
// first round does not reach, reading no answer on the way: whatever the
// answer says (a decline, a cancel, an answer to another question), it
// goes ahead.
func (c *checker) checkCounted(fn *ssa.Function, s *site, ps paths) {
	if !c.reporting || ps[accepted] == nil || ps[failed] == nil || s.readElsewhere() || !c.asksElicitation() || !c.asksOn(fn, ps[failed]) {
		return
	}
	for _, b := range ps[accepted].Order {
		if ps.reaches(failed, b) || tellsApart(b) {
			continue
		}
		if act := s.firstAction(b); act != nil {
			c.rep.Report(analysis.Diagnostic{
				Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryIgnored,
				Message: fmt.Sprintf("when the user declines, cancels or answers under another key, %s goes on into the code that an answer reaches%s%s: it counts the input responses and reads none: %s",
					funcName(fn), from(act), decided(ps[accepted].Via[b]), countedAdvice()),
			})
			return
		}
	}
}

// asksElicitation reports whether the package returns an elicitation
// input request (or one of a kind not known statically): a handler that
// counts answers is then counting answers to its questions.
func (c *checker) asksElicitation() bool {
	for _, req := range c.rounds.Requests {
		if req.Capability == "" || req.Capability == knowledge.CapabilityElicitation {
			return true
		}
	}
	return false
}

// asksOn reports whether region r of fn returns an input-required result:
// the path asks the user.
func (c *checker) asksOn(fn *ssa.Function, r *flow.Region) bool {
	asking := c.rounds.InputRequiredReturns(fn)
	for _, ret := range r.Returns {
		if slices.Contains(asking, ret.Ret) {
			return true
		}
	}
	return false
}
