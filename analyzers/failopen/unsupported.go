package failopen

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// With -failopen.unsupported: a function that checks the client's
// elicitation capability before asking (or once the request failed), and
// on the "cannot elicit" edge
// returns what it returns when the user accepts, goes ahead for every
// client that declares no elicitation. By default that is the server's
// choice, not a failure: the question was never asked.

// checkUnsupported reports the capability checks of fn before the
// confirmation s whose "cannot elicit" edge returns the acceptance value
// (ps.decision), or, without asking, calls what the accepting path calls
// and the declining one does not (the action itself).
func (c *checker) checkUnsupported(fn *ssa.Function, s *site, ps paths, handler bool) {
	i, k, decides := ps.decision(fn)
	decides = decides && !handler
	for _, b := range fn.Blocks {
		ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		unsupportedOnTrue, ok := c.capabilityCheck(ifs.Cond, 0)
		if !ok {
			continue
		}
		without, with := b.Succs[1], b.Succs[0]
		if unsupportedOnTrue {
			without, with = with, without
		}
		// The check either leads to the question, or is made once the
		// request failed (the error of a client that cannot elicit).
		asksAfter := flow.EdgeDominates(flow.Edge{From: b, To: with}, s.at.Block())
		afterFailure := ps[failed] != nil && ps[failed].Blocks[b]
		if !asksAfter && !afterFailure {
			continue
		}
		if !decides {
			if act := ps.actionWithout(without, s); act != nil {
				c.rep.Report(analysis.Diagnostic{
					Pos: ifs.Cond.Pos(), End: ifs.Cond.Pos(), Category: CategoryUnsupported,
					Message: fmt.Sprintf("when the client declares no elicitation, %s goes on without asking into what acceptance reaches%s: every client that cannot elicit confirms; treat it as a decline, or ask through a resolver", funcName(fn), from(act)),
				})
				return
			}
			continue
		}
		if r := returnOf(without, s.at.Block(), i, k); r != nil {
			c.rep.Report(analysis.Diagnostic{
				Pos: ifs.Cond.Pos(), End: ifs.Cond.Pos(), Category: CategoryUnsupported,
				Message: fmt.Sprintf("when the client declares no elicitation, %s returns %s without asking, as when the user accepts: every client that cannot elicit confirms; treat it as a decline, or ask through a resolver", funcName(fn), text(r.Results[i])),
			})
			return
		}
	}
}

// capabilityCheck tells whether cond tests the client's elicitation
// capability, and whether it is true when the client cannot elicit: a
// comparison of ClientCapabilities.Elicitation with nil, its negation, or
// a call of a function of the package that returns one.
func (c *checker) capabilityCheck(cond ssa.Value, depth int) (unsupportedOnTrue, ok bool) {
	if depth > 4 {
		return false, false
	}
	switch v := cond.(type) {
	case *ssa.UnOp:
		if v.Op == token.NOT {
			u, ok := c.capabilityCheck(v.X, depth+1)
			return !u, ok
		}
	case *ssa.BinOp:
		if v.Op != token.EQL && v.Op != token.NEQ {
			return false, false
		}
		x, y := flow.Unconvert(v.X), flow.Unconvert(v.Y)
		if flow.IsNilConst(x) {
			x, y = y, x
		}
		if !flow.IsNilConst(y) || !capabilityLoad(x) {
			return false, false
		}
		return v.Op == token.EQL, true
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg {
			return false, false
		}
		var result, set bool
		for _, b := range callee.Blocks {
			ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !isRet || len(ret.Results) != 1 {
				continue
			}
			u, ok := c.capabilityCheck(ret.Results[0], depth+1)
			if !ok || set && u != result {
				return false, false
			}
			result, set = u, true
		}
		return result, set
	}
	return false, false
}

// capabilityLoad reports whether v reads the client's Elicitation
// capability.
func capabilityLoad(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return isCapabilityField(fa.X.Type(), fa.Field, true)
		}
	case *ssa.Field:
		return isCapabilityField(x.X.Type(), x.Field, false)
	}
	return false
}

func isCapabilityField(t types.Type, i int, pointer bool) bool {
	if pointer {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	return ok && i < s.NumFields() && knowledge.IsElicitationCapability(s.Field(i))
}

// returnOf returns the first return reached from start, not through stop,
// that gives the constant k at result i and no error.
func returnOf(start, stop *ssa.BasicBlock, i int, k flow.Val) *ssa.Return {
	seen := map[*ssa.BasicBlock]bool{stop: true}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if constVal(ret.Results[i]).Equal(k) && noErrorConst(ret) {
				return ret
			}
			continue
		}
		stack = append(stack, b.Succs...)
	}
	return nil
}

// noErrorConst reports whether every error result of r is the constant nil.
func noErrorConst(r *ssa.Return) bool {
	for _, v := range r.Results {
		if knowledge.IsError(v.Type()) && !flow.IsNilConst(v) {
			return false
		}
	}
	return true
}

// constVal returns the value of v when it is a constant.
func constVal(v ssa.Value) flow.Val {
	k, ok := flow.Unconvert(v).(*ssa.Const)
	switch {
	case !ok:
		return flow.Val{}
	case k.IsNil():
		return flow.Nil
	case k.Value != nil:
		return flow.Val{Kind: flow.Known, Const: k.Value}
	}
	return flow.Val{}
}

// actionWithout returns the first action (a call that does more than
// report) in the blocks reached from start, not through s's block, whose
// callee the accepting path of s calls and the declining path does not:
// the action a client that cannot elicit gets without asking.
func (ps paths) actionWithout(start *ssa.BasicBlock, s *site) ssa.Instruction {
	if ps[accepted] == nil || ps[declined] == nil {
		return nil
	}
	calls := func(o outcome, callee *ssa.Function) bool {
		for b := range ps[o].Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().StaticCallee() == callee {
					return true
				}
			}
		}
		return false
	}
	seen := map[*ssa.BasicBlock]bool{s.at.Block(): true}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		for act := s.actionFrom(b, 0); act != nil; act = s.actionFrom(b, slices.Index(b.Instrs, act)+1) {
			callee := act.(ssa.CallInstruction).Common().StaticCallee()
			if callee != nil && calls(accepted, callee) && !calls(declined, callee) {
				return act
			}
		}
		stack = append(stack, b.Succs...)
	}
	return nil
}
