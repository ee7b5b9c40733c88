package statereach

// The SSA side of the unverified analysis, on the shared flow layer:
// which values of a unit carry request state (flow.Taint: through locals,
// phi nodes, struct fields, closures and the results of the package's
// functions that return their parameter), and whether a verification
// dominates a use.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
)

// graph returns the flow graph of the package, building the package's
// SSA form (shared with the other analyzers) on first use.
func (c *checker) graph() *flow.Graph {
	if c.g == nil {
		c.g = flow.New(ssabuild.Of(c.pass))
	}
	return c.g
}

// ssaFunc returns the SSA function of the unit whose node is n, or nil.
func (c *checker) ssaFunc(n ast.Node) *ssa.Function { return c.graph().Prog.Func(n) }

// dataflow is the request state that the values of one unit carry.
type dataflow struct {
	c     *checker
	fn    *ssa.Function
	names map[ssa.Value]string // an expression that denotes a value, as written
	taint *flow.Taint[stateKey]
}

// newDataflow follows state through the unit whose SSA function is fn,
// from seed, which gives the key of each value where state enters.
func (c *checker) newDataflow(fn *ssa.Function, seed func(d *dataflow, v ssa.Value) (stateKey, bool)) *dataflow {
	g := c.graph()
	d := &dataflow{c: c, fn: fn, names: make(map[ssa.Value]string), taint: flow.NewTaint[stateKey](g)}
	for _, f := range flow.WithClosures(fn) {
		flow.Instrs(f, func(instr ssa.Instruction) {
			if ref, ok := instr.(*ssa.DebugRef); ok && !ref.IsAddr {
				if _, ok := d.names[ref.X]; !ok {
					d.names[ref.X] = types.ExprString(ref.Expr)
				}
			}
		})
	}
	d.taint.SeedFunc(fn, func(v ssa.Value) (stateKey, bool) { return seed(d, v) })
	return d
}

// stateOf returns the key of the state that e carries, if it carries some.
func (d *dataflow) stateOf(e ast.Expr) (stateKey, bool) {
	g := d.c.graph()
	if v := g.Value(d.fn, e); v != nil {
		if k, ok := d.taint.Of(v); ok {
			return k, true
		}
	}
	if a := g.Addr(d.fn, e); a != nil {
		return d.taint.AtAddr(a)
	}
	return stateKey{}, false
}

// readSeed is the seed of report mode: the loads of RequestState fields,
// keyed by the read as written, and the calls of the package's functions
// that return such a read.
func readSeed(d *dataflow, v ssa.Value) (stateKey, bool) {
	if isStateLoad(v) {
		return stateKey{read: d.names[v], param: -1}, true
	}
	if call, ok := v.(*ssa.Call); ok {
		if callee := call.Call.StaticCallee(); callee != nil {
			return d.c.returnsState(callee)
		}
	}
	return stateKey{}, false
}

// returnsState returns the key of the RequestState read that fn, a
// function of the package, returns, if it returns one.
func (c *checker) returnsState(fn *ssa.Function) (stateKey, bool) {
	if !c.graph().InPackage(fn) {
		return stateKey{}, false
	}
	if k, ok := c.returnedState[fn]; ok {
		return k, k.read != ""
	}
	c.returnedState[fn] = stateKey{} // recursion: returns none
	d := c.newDataflow(fn, readSeed)
	var key stateKey
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if ret, ok := instr.(*ssa.Return); ok {
			for _, res := range ret.Results {
				if k, ok := d.taint.Of(res); ok && key.read == "" {
					key = k
				}
			}
		}
	})
	c.returnedState[fn] = key
	return key, key.read != ""
}

// isStateLoad reports whether v reads a RequestState field.
func isStateLoad(v ssa.Value) bool {
	var x ssa.Value
	var field int
	switch v := v.(type) {
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || v.Op != token.MUL {
			return false
		}
		x, field = fa.X, fa.Field
	case *ssa.Field:
		x, field = v.X, v.Field
	default:
		return false
	}
	t := x.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || field >= s.NumFields() {
		return false
	}
	f := s.Field(field)
	return knowledge.StateField(f) != "" && knowledge.IsRequestStateField(f)
}

// pointOf returns the first instruction of the unit evaluating n, or
// false. call, if not nil, must be the *ssa.Call of that call expression.
func (d *dataflow) pointOf(n ast.Node, call *ast.CallExpr) (flow.Point, bool) {
	fn := d.fn
	for _, f := range flow.WithClosures(d.fn) {
		if syn := f.Syntax(); syn != nil && syn.Pos() <= n.Pos() && n.End() <= syn.End() {
			fn = f // the innermost, as closures come after their parents
		}
	}
	for _, b := range fn.Blocks {
		for i, instr := range b.Instrs {
			pos := instr.Pos() // a debug reference is at its expression
			if call != nil {
				if _, ok := instr.(*ssa.Call); ok && pos == call.Lparen {
					return flow.Point{Block: b, Index: i}, true
				}
				continue
			}
			if pos.IsValid() && n.Pos() <= pos && pos < n.End() {
				return flow.Point{Block: b, Index: i}, true
			}
		}
	}
	return flow.Point{}, false
}

// An outcome is what is known at a use about a verification.
type outcome int

const (
	unknown   outcome = iota // neither: the use may come before it, or on either path
	succeeded                // the verification has succeeded wherever the use is evaluated
	failed                   // it has failed wherever the use is evaluated
)

// verifies tells what is known of the verification v wherever use is
// evaluated: succeeded if the verifier's call dominates the use and, if
// the verifier reports failure (an error, or a bool), the edge where it
// succeeded dominates the use; failed if the edge where it failed does.
func (d *dataflow) verifies(v, use event) outcome {
	vp, ok := d.pointOf(v.call, v.call)
	if !ok {
		return unknown
	}
	up, ok := d.pointOf(use.node, nil)
	if !ok {
		return unknown
	}
	if up, ok = d.c.graph().Lift(up, vp.Func()); !ok {
		return unknown // a verification inside a function literal covers only that literal
	}
	call := vp.Block.Instrs[vp.Index].(*ssa.Call)
	success, failure, checks := flow.Outcomes(call)
	if !checks {
		if vp.Dominates(up) {
			return succeeded
		}
		return unknown
	}
	for _, e := range success {
		if flow.EdgeDominates(e, up.Block) {
			return succeeded
		}
	}
	for _, e := range failure {
		if flow.EdgeDominates(e, up.Block) {
			return failed
		}
	}
	return unknown
}

// unmatched reports whether use happens only where the same state was
// compared with constants it relies on (reported there) and matched none
// of them: the default of a switch on it, the else of its == tests. Quoting
// it there (the "unrecognised state" error) rejects the state; the cause
// is the comparison, already reported.
func (d *dataflow) unmatched(u *unit, use event) bool {
	up, ok := d.pointOf(use.node, nil)
	if !ok {
		return false
	}
	for _, b := range up.Func().Blocks {
		ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifs.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		state, k := cmp.X, cmp.Y
		if _, isConst := k.(*ssa.Const); !isConst {
			state, k = k, state
		}
		kc, isConst := k.(*ssa.Const)
		if !isConst || d.c.testConst(u, kc.Value) == tellsRetry {
			continue
		}
		if key, ok := d.taint.Of(state); !ok || key != use.key {
			continue
		}
		noMatch := flow.Edge{From: b, To: b.Succs[1]} // the false edge of ==
		if cmp.Op == token.NEQ {
			noMatch.To = b.Succs[0]
		}
		if flow.EdgeDominates(noMatch, up.Block) {
			return true
		}
	}
	return false
}
