package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// From is what a [Provenance] walk finds a value comes from: the
// analyzer's property of the sources it reaches, and the parameters of the
// value's function that it comes from, which that function's callers
// decide.
type From[T any] struct {
	Val T
	// Params has bit i set if the value comes from parameter i of its
	// function (the receiver first; the first 64 parameters).
	Params uint64
}

// ProvenanceRules are an analyzer's decisions in a [Provenance] walk:
// what a source is, which stores and calls count. The walking, the memo
// and the cycle rule are the walk's.
type ProvenanceRules[T any] struct {
	// Join combines the properties of several sources (a phi node, the
	// stores into a place, the callers of a function). Required.
	Join func(a, b T) T
	// Source returns the property of v if the analyzer knows what v is
	// (the result of an API call it has in its tables), ending the walk
	// there, or false. It is asked of every value first. May be nil.
	Source func(v ssa.Value) (T, bool)
	// Place returns the property of what is read from a struct field or
	// a global variable if the analyzer decides it (a field of an SDK
	// type, a place of another package, whose stores the package does not
	// show), or false: the package's stores into it decide. May be nil.
	Place func(v *types.Var) (T, bool)
	// Outside returns the property of a result of call, none of whose
	// callees has its body in the package. May be nil (the zero T).
	Outside func(call *ssa.Call) T
	// Store reports whether a store into a place counts as a source of
	// what is read from it. May be nil (every store counts).
	Store func(s Store) bool
	// Caller reports whether a call counts when the parameters of its
	// callee are judged by the callers. May be nil (every call counts).
	Caller func(c Call) bool
	// Unseen returns what the callers that the package does not show
	// ([Graph.UnseenCallers]) may pass to fn. May be nil (the zero T).
	Unseen func(fn *ssa.Function) T
}

// A Provenance answers, for each value, where it comes from, by the
// analyzer's rules: backward through copies, conversions, type
// assertions, phi nodes, captured variables (judged where the closure is
// made), loads of local variables, globals and fields (the package's
// stores into them, each judged on its own), and calls of the package's
// functions (what they return, their parameters replaced by the call's
// arguments). A value that comes from a parameter of its function carries
// the parameter in [From.Params]; a parameter stored into a place, or
// captured by a closure, is judged by the function's callers, and a
// parameter of theirs that they pass on by their callers in turn, up to
// where the value is made ([Provenance.Up]).
//
// Each value, each result of a function and what the callers pass as each
// parameter is computed once; one met again while it is being computed (a
// cycle through phi nodes, stores, recursion or callers passing a
// parameter round) counts as the zero From there, so the other paths
// decide.
type Provenance[T any] struct {
	g       *Graph
	rules   ProvenanceRules[T]
	values  Fold[From[T]]
	returns map[funcResult]*From[T] // nil while being computed
	passed  map[funcParam]*T        // likewise
}

type funcResult struct {
	fn *ssa.Function
	i  int
}

type funcParam struct {
	fn *ssa.Function
	i  int
}

// NewProvenance returns the provenance walk of g's package by rules.
func NewProvenance[T any](g *Graph, rules ProvenanceRules[T]) *Provenance[T] {
	p := &Provenance[T]{g: g, rules: rules, returns: make(map[funcResult]*From[T]), passed: make(map[funcParam]*T)}
	p.values.Compute = p.compute
	return p
}

// Of returns where v comes from.
func (p *Provenance[T]) Of(v ssa.Value) From[T] { return p.values.Of(v) }

// Up returns f, where a value of fn comes from, with fn's parameters in it
// replaced by what fn's callers pass: the sources of their arguments, and
// for an argument that is a parameter of the caller's, what the caller's
// callers pass, up to where the value is made; and what the callers that
// the package does not show may pass, at each function on the way.
func (p *Provenance[T]) Up(fn *ssa.Function, f From[T]) From[T] {
	out := From[T]{Val: f.Val}
	for i := 0; i < 64; i++ {
		if f.Params&(1<<i) != 0 {
			out.Val = p.rules.Join(out.Val, p.passedAs(fn, i))
		}
	}
	return out
}

// passedAs is what the callers of fn pass as its parameter i, up the
// callers ([Provenance.Up]).
func (p *Provenance[T]) passedAs(fn *ssa.Function, i int) T {
	k := funcParam{fn, i}
	if v, ok := p.passed[k]; ok {
		if v == nil {
			var zero T
			return zero // the callers pass it round
		}
		return *v
	}
	p.passed[k] = nil
	var val T
	if p.g.UnseenCallers(fn) && p.rules.Unseen != nil {
		val = p.rules.Unseen(fn)
	}
	for _, c := range p.g.Callers(fn) {
		if p.rules.Caller != nil && !p.rules.Caller(c) {
			continue
		}
		if a := Arg(c.Site, i); a != nil {
			val = p.rules.Join(val, p.Up(c.Caller, p.Of(a)).Val)
		}
	}
	p.passed[k] = &val
	return val
}

func (p *Provenance[T]) join(a, b From[T]) From[T] {
	return From[T]{Val: p.rules.Join(a.Val, b.Val), Params: a.Params | b.Params}
}

func (p *Provenance[T]) compute(v ssa.Value) From[T] {
	if p.rules.Source != nil {
		if t, ok := p.rules.Source(v); ok {
			return From[T]{Val: t}
		}
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		for i, par := range x.Parent().Params {
			if par == x && i < 64 {
				return From[T]{Params: 1 << i}
			}
		}
	case *ssa.FreeVar:
		if mc, b := p.g.Binding(x); mc != nil {
			return p.Up(mc.Parent(), p.Of(b))
		}
	case *ssa.Phi:
		var f From[T]
		for _, e := range x.Edges {
			f = p.join(f, p.Of(e))
		}
		return f
	case *ssa.ChangeType:
		return p.Of(x.X)
	case *ssa.Convert:
		return p.Of(x.X)
	case *ssa.MakeInterface:
		return p.Of(x.X)
	case *ssa.ChangeInterface:
		return p.Of(x.X)
	case *ssa.TypeAssert:
		return p.Of(x.X)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return p.Of(t.X)
			}
		case *ssa.Call:
			return p.call(t, x.Index)
		}
	case *ssa.Call:
		return p.call(x, 0)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return p.load(x.X)
		}
	case *ssa.Field:
		if s, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < s.NumFields() {
			return p.field(s.Field(x.Field))
		}
	}
	return From[T]{}
}

// load is where a value loaded from addr comes from.
func (p *Provenance[T]) load(addr ssa.Value) From[T] {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if f := Field(a.X.Type(), a.Field); f != nil {
			return p.field(f)
		}
	case *ssa.Global:
		if v, ok := a.Object().(*types.Var); ok && p.rules.Place != nil {
			if t, ok := p.rules.Place(v); ok {
				return From[T]{Val: t}
			}
		}
		if a.Pkg == nil || a.Pkg.Pkg != p.g.pkg {
			return From[T]{} // stored where the package does not show
		}
		return p.stores(p.g.Stores(a))
	case *ssa.Alloc:
		return p.stores(p.g.Stores(a))
	case *ssa.FreeVar:
		if mc, b := p.g.Binding(a); mc != nil {
			return p.Up(mc.Parent(), p.load(b))
		}
	}
	return From[T]{}
}

// field is where a value read from field f comes from: the analyzer's
// decision, or the package's stores into it.
func (p *Provenance[T]) field(f *types.Var) From[T] {
	if p.rules.Place != nil {
		if t, ok := p.rules.Place(f); ok {
			return From[T]{Val: t}
		}
	}
	if f.Pkg() != nil && f.Pkg() != p.g.pkg {
		return From[T]{} // stored where the package does not show
	}
	return p.stores(p.g.FieldStores(f))
}

// stores is where what stores put in a place comes from, over the stores
// that count, a stored parameter judged by the storing function's callers.
// A place is no parameter of the function reading it.
func (p *Provenance[T]) stores(stores []Store) From[T] {
	var out From[T]
	for _, s := range stores {
		if p.rules.Store != nil && !p.rules.Store(s) {
			continue
		}
		out.Val = p.rules.Join(out.Val, p.Up(s.At.Parent(), p.Of(s.Val)).Val)
	}
	return out
}

// call is where result i of call comes from: what its callees in the
// package return, their parameters replaced by the call's arguments.
func (p *Provenance[T]) call(call *ssa.Call, i int) From[T] {
	var out From[T]
	found := false
	callees, _ := p.g.Callees(&call.Call)
	for _, c := range callees {
		if c.Func == nil || !p.g.own(c.Func) {
			continue
		}
		found = true
		r := p.result(c.Func, i)
		params := r.Params
		r.Params = 0
		for j := 0; j < 64; j++ {
			if params&(1<<j) != 0 {
				if a := Arg(call, j); a != nil {
					r = p.join(r, p.Of(a))
				}
			}
		}
		out = p.join(out, r)
	}
	if !found && p.rules.Outside != nil {
		return From[T]{Val: p.rules.Outside(call)}
	}
	return out
}

// result is where result i of fn comes from, over its returns.
func (p *Provenance[T]) result(fn *ssa.Function, i int) From[T] {
	k := funcResult{fn, i}
	if f, ok := p.returns[k]; ok {
		if f == nil {
			return From[T]{} // recursion
		}
		return *f
	}
	p.returns[k] = nil
	var f From[T]
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			f = p.join(f, p.Of(ret.Results[i]))
		}
	}
	p.returns[k] = &f
	return f
}
