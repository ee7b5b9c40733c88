package statereach

// The SSA side of the unverified analysis: which values of a unit carry
// request state (through locals, phi nodes, struct fields, closures and
// the results of the package's functions that return their parameter),
// and whether a verification dominates a use.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/mcpapi"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
)

// ssaFunc returns the SSA function of the unit whose node is n, building
// the package's SSA form on first use, or nil.
func (c *checker) ssaFunc(n ast.Node) *ssa.Function {
	if c.ssaFuncs == nil {
		c.ssaFuncs = make(map[ast.Node]*ssa.Function)
		c.closures = make(map[*ssa.Function]*ssa.MakeClosure)
		_, funcs := ssabuild.Build(c.pass, ssa.GlobalDebug)
		for _, fn := range funcs {
			if syn := fn.Syntax(); syn != nil {
				c.ssaFuncs[syn] = fn
			}
			eachInstr(fn, func(instr ssa.Instruction) {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					c.closures[mc.Fn.(*ssa.Function)] = mc
				}
			})
		}
	}
	return c.ssaFuncs[n]
}

func eachInstr(fn *ssa.Function, f func(ssa.Instruction)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			f(instr)
		}
	}
}

// withClosures returns fn and the function literals nested in it.
func withClosures(fn *ssa.Function) []*ssa.Function {
	fns := []*ssa.Function{fn}
	for i := 0; i < len(fns); i++ {
		fns = append(fns, fns[i].AnonFuncs...)
	}
	return fns
}

// A cell is a place state can be stored in: a field of what base points
// to, or (field -1) what base points to as a whole.
type cell struct {
	base  ssa.Value
	field int
}

// dataflow is the request state that the values of one unit carry.
type dataflow struct {
	c       *checker
	fn      *ssa.Function
	exprs   map[ast.Expr]ssa.Value // what an expression denotes, from the debug references
	addrs   map[ast.Expr]ssa.Value // the address an expression denotes, for variables in memory
	names   map[ssa.Value]string   // an expression that denotes a value, as written
	tainted map[ssa.Value]stateKey
	cells   map[cell]stateKey
	work    []ssa.Value
}

// newDataflow follows state through the unit whose SSA function is fn,
// from seed, which gives the key of each value where state enters.
func (c *checker) newDataflow(fn *ssa.Function, seed func(d *dataflow, v ssa.Value) (stateKey, bool)) *dataflow {
	d := &dataflow{
		c:       c,
		fn:      fn,
		exprs:   make(map[ast.Expr]ssa.Value),
		addrs:   make(map[ast.Expr]ssa.Value),
		names:   make(map[ssa.Value]string),
		tainted: make(map[ssa.Value]stateKey),
		cells:   make(map[cell]stateKey),
	}
	fns := withClosures(fn)
	for _, f := range fns {
		eachInstr(f, func(instr ssa.Instruction) {
			if ref, ok := instr.(*ssa.DebugRef); ok {
				if ref.IsAddr {
					d.addrs[ref.Expr] = ref.X
				} else {
					d.exprs[ref.Expr] = ref.X
					if _, ok := d.names[ref.X]; !ok {
						d.names[ref.X] = types.ExprString(ref.Expr)
					}
				}
			}
		})
	}
	for _, f := range fns {
		for _, p := range f.Params {
			if k, ok := seed(d, p); ok {
				d.taint(p, k)
			}
		}
		eachInstr(f, func(instr ssa.Instruction) {
			if v, ok := instr.(ssa.Value); ok {
				if k, ok := seed(d, v); ok {
					d.taint(v, k)
				}
			}
		})
	}
	for len(d.work) > 0 {
		v := d.work[len(d.work)-1]
		d.work = d.work[:len(d.work)-1]
		d.propagate(v)
	}
	return d
}

func (d *dataflow) taint(v ssa.Value, k stateKey) {
	if _, ok := d.tainted[v]; ok || v == nil {
		return
	}
	d.tainted[v] = k
	d.work = append(d.work, v)
}

// propagate taints what is computed from v without being used: copies,
// conversions, phi nodes, stores and the loads of what they store,
// captured variables, and calls of functions that return their
// parameter.
func (d *dataflow) propagate(v ssa.Value) {
	k := d.tainted[v]
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert, *ssa.Extract:
			d.taint(r.(ssa.Value), k)
		case *ssa.UnOp:
			if r.Op == token.MUL { // v is an address that holds state
				d.taint(r, k)
			}
		case *ssa.Store:
			if r.Val == v {
				d.store(r.Addr, k)
			}
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				if b == v {
					d.taint(r.Fn.(*ssa.Function).FreeVars[i], k)
				}
			}
		case *ssa.Call:
			if callee := r.Call.StaticCallee(); callee != nil {
				for i, a := range r.Call.Args {
					if a == v {
						d.taintResults(r, d.c.returnsParam(callee, i), k)
					}
				}
			}
		}
	}
}

// store records that addr holds state, and taints its loads.
func (d *dataflow) store(addr ssa.Value, k stateKey) {
	c := cell{base: addr, field: -1}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		c = cell{base: fa.X, field: fa.Field}
	}
	if _, ok := d.cells[c]; ok {
		return
	}
	d.cells[c] = k
	if c.field == -1 {
		d.taint(addr, k) // an address of state: its loads carry it
		return
	}
	refs := c.base.Referrers()
	if refs == nil {
		return // a global: not followed
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if r.Field == c.field {
				d.taint(r, k)
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				continue
			}
			for _, rr := range *r.Referrers() { // a copy of the struct: its field
				if f, ok := rr.(*ssa.Field); ok && f.Field == c.field {
					d.taint(f, k)
				}
			}
		}
	}
}

// taintResults taints the results of call that results marks (bit j:
// result j). Only those: the error beside a returned parameter is not
// state.
func (d *dataflow) taintResults(call *ssa.Call, results resultSet, k stateKey) {
	if results == 0 {
		return
	}
	if _, ok := call.Type().(*types.Tuple); !ok {
		d.taint(call, k)
		return
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && results.has(e.Index) {
			d.taint(e, k)
		}
	}
}

// resultSet is a set of result indices of a function, one bit each.
type resultSet uint64

func (s resultSet) has(j int) bool { return j < 64 && s&(1<<j) != 0 }

// returnsParam returns the results by which fn, a function of the
// package, returns its parameter i (counting the receiver) as it is, or a
// copy of it.
func (c *checker) returnsParam(fn *ssa.Function, i int) resultSet {
	if fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || fn.Blocks == nil || i >= len(fn.Params) {
		return 0
	}
	key := paramReturn{fn, i}
	if r, ok := c.returns[key]; ok {
		return r
	}
	c.returns[key] = 0 // recursion: does not return it
	p := fn.Params[i]
	d := c.newDataflow(fn, func(_ *dataflow, v ssa.Value) (stateKey, bool) { return stateKey{param: i}, v == p })
	var r resultSet
	eachInstr(fn, func(instr ssa.Instruction) {
		if ret, ok := instr.(*ssa.Return); ok {
			for j, res := range ret.Results {
				if _, ok := d.tainted[res]; ok && j < 64 {
					r |= 1 << j
				}
			}
		}
	})
	c.returns[key] = r
	return r
}

type paramReturn struct {
	fn *ssa.Function
	i  int
}

// stateOf returns the key of the state that e carries, if it carries some.
func (d *dataflow) stateOf(e ast.Expr) (stateKey, bool) {
	e = ast.Unparen(e)
	if v, ok := d.exprs[e]; ok {
		if k, ok := d.tainted[v]; ok {
			return k, true
		}
	}
	if a, ok := d.addrs[e]; ok {
		if k, ok := d.cells[cell{base: a, field: -1}]; ok {
			return k, true
		}
		if fa, ok := a.(*ssa.FieldAddr); ok {
			if k, ok := d.cells[cell{base: fa.X, field: fa.Field}]; ok {
				return k, true
			}
		}
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
	if fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || fn.Blocks == nil {
		return stateKey{}, false
	}
	if k, ok := c.returnedState[fn]; ok {
		return k, k.read != ""
	}
	c.returnedState[fn] = stateKey{} // recursion: returns none
	d := c.newDataflow(fn, readSeed)
	var key stateKey
	eachInstr(fn, func(instr ssa.Instruction) {
		if ret, ok := instr.(*ssa.Return); ok {
			for _, res := range ret.Results {
				if k, ok := d.tainted[res]; ok && key.read == "" {
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
	return mcpapi.StateField(f) != "" && mcpapi.IsRequestStateField(f)
}

// A point is where an expression is evaluated: an instruction of the
// unit's function (an expression inside a function literal is at the
// literal's closure).
type point struct {
	fn    *ssa.Function
	block *ssa.BasicBlock
	index int
}

// pointOf returns the first instruction of the unit evaluating n, or
// false. call, if not nil, must be the *ssa.Call of that call expression.
func (d *dataflow) pointOf(n ast.Node, call *ast.CallExpr) (point, bool) {
	fn := d.fn
	for _, f := range withClosures(d.fn) {
		if syn := f.Syntax(); syn != nil && syn.Pos() <= n.Pos() && n.End() <= syn.End() {
			fn = f // the innermost, as closures come after their parents
		}
	}
	for _, b := range fn.Blocks {
		for i, instr := range b.Instrs {
			pos := instr.Pos() // a debug reference is at its expression
			if call != nil {
				if _, ok := instr.(*ssa.Call); ok && pos == call.Lparen {
					return point{fn, b, i}, true
				}
				continue
			}
			if pos.IsValid() && n.Pos() <= pos && pos < n.End() {
				return point{fn, b, i}, true
			}
		}
	}
	return point{}, false
}

// lift returns p as a point of fn, an enclosing function: the closure of
// the function literal p is in.
func (d *dataflow) lift(p point, fn *ssa.Function) (point, bool) {
	for p.fn != fn {
		mc := d.c.closures[p.fn]
		if mc == nil {
			return point{}, false
		}
		b := mc.Block()
		p = point{b.Parent(), b, indexOf(b, mc)}
	}
	return p, true
}

func indexOf(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, in := range b.Instrs {
		if in == instr {
			return i
		}
	}
	return -1
}

// verifies reports whether the verification v is known to have succeeded
// wherever use is evaluated: the verifier's call dominates the use and, if
// the verifier reports failure (an error, or a bool), the branch where it
// succeeded dominates the use.
// known is false if either is not found in the SSA form.
func (d *dataflow) verifies(v, use event) (verified, known bool) {
	vp, ok := d.pointOf(v.call, v.call)
	if !ok {
		return false, false
	}
	up, ok := d.pointOf(use.node, nil)
	if !ok {
		return false, false
	}
	if up, ok = d.lift(up, vp.fn); !ok {
		return false, true // a verification inside a function literal covers only that literal
	}
	call := vp.block.Instrs[vp.index].(*ssa.Call)
	success, checks := successBlocks(call)
	if !checks {
		return vp.block.Dominates(up.block) && (vp.block != up.block || vp.index < up.index), true
	}
	for _, s := range success {
		if len(s.Preds) == 1 && s.Dominates(up.block) { // the edge into s dominates the use
			return true, true
		}
	}
	return false, true
}

// successBlocks returns the blocks where the verifier call is known to
// have succeeded: the branch where its error is nil, or its bool true.
// checks is false if the verifier reports no failure.
func successBlocks(call *ssa.Call) (success []*ssa.BasicBlock, checks bool) {
	res := call.Call.Signature().Results()
	n := res.Len()
	var result ssa.Value
	isErr := false
	switch {
	case n > 0 && mcpapi.IsError(res.At(n-1).Type()):
		isErr = true
		if n == 1 {
			result = call
		} else {
			for _, r := range *call.Referrers() {
				if e, ok := r.(*ssa.Extract); ok && e.Index == n-1 {
					result = e
				}
			}
		}
	case n == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool]):
		result = call
	default:
		return nil, false
	}
	if result == nil {
		return nil, true // the error is dropped
	}
	branch := func(cond ssa.Value, onTrue bool) {
		for _, r := range *cond.Referrers() {
			if ifs, ok := r.(*ssa.If); ok {
				if onTrue {
					success = append(success, ifs.Block().Succs[0])
				} else {
					success = append(success, ifs.Block().Succs[1])
				}
			}
		}
	}
	if !isErr {
		branch(result, true)
	}
	for _, r := range *result.Referrers() {
		switch r := r.(type) {
		case *ssa.BinOp:
			if isErr && (r.Op == token.EQL || r.Op == token.NEQ) && (isNil(r.X) || isNil(r.Y)) {
				branch(r, r.Op == token.EQL)
			}
		case *ssa.UnOp:
			if !isErr && r.Op == token.NOT {
				branch(r, false)
			}
		}
	}
	return success, true
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}
