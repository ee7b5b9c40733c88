package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Origins returns the values v comes from: v itself, unless it only
// passes on another value. Copies, conversions (ChangeType, Convert,
// MakeInterface, ChangeInterface, TypeAssert, Slice) and phi nodes pass on
// their operands; a load of a local variable passes on what is stored in
// it; a captured variable, what each closure of its function binds; a
// load of a global or of an unexported field of the package's own types,
// what the package stores in it. What remains are the values that compute
// something: calls and their results, parameters, constants, functions
// and closures, allocations, arithmetic, loads from elsewhere.
//
// The result has no duplicates and is in the order found.
func (g *Graph) Origins(v ssa.Value) []ssa.Value { return g.origins(v, true) }

// origins is [Graph.Origins], through the package's fields only if
// viaFields: a field's stores are into that field of any value of its
// struct type, not only of the one read.
func (g *Graph) origins(v ssa.Value, viaFields bool) []ssa.Value {
	var out []ssa.Value
	seen := make(map[ssa.Value]bool)
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				visit(e)
			}
			return
		case *ssa.ChangeType:
			visit(x.X)
			return
		case *ssa.Convert:
			visit(x.X)
			return
		case *ssa.MakeInterface:
			visit(x.X)
			return
		case *ssa.ChangeInterface:
			visit(x.X)
			return
		case *ssa.TypeAssert:
			if !x.CommaOk {
				visit(x.X)
				return
			}
		case *ssa.Extract:
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
				visit(ta.X)
				return
			}
		case *ssa.FreeVar:
			if bs := g.bindings(x); len(bs) > 0 {
				for _, b := range bs {
					visit(b)
				}
				return
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if stored, ok := g.storedIn(x.X, viaFields); ok {
					for _, s := range stored {
						visit(s)
					}
					return
				}
			}
		}
		out = append(out, v)
	}
	visit(v)
	return out
}

// bindings returns what the closures of fv's function bind to fv.
func (g *Graph) bindings(fv *ssa.FreeVar) []ssa.Value {
	if mc, v := g.Binding(fv); mc != nil {
		return []ssa.Value{v}
	}
	return nil
}

// Binding returns the instruction that makes the closure of fv's function
// and the value it binds to the captured variable fv, or nil, nil if the
// function makes no closure. A value captured by a function literal is
// judged where its closure is made.
func (g *Graph) Binding(fv *ssa.FreeVar) (*ssa.MakeClosure, ssa.Value) {
	fn := fv.Parent()
	mc := g.Prog.Closures[fn]
	if mc == nil {
		return nil, nil
	}
	for i, f := range fn.FreeVars {
		if f == fv && i < len(mc.Bindings) {
			return mc, mc.Bindings[i]
		}
	}
	return nil, nil
}

// storedIn returns the values stored at addr, if addr is a place whose
// stores are all known: a local variable (an Alloc, or a captured one),
// a global of the package that it alone writes, or an unexported field of
// a type of the package.
func (g *Graph) storedIn(addr ssa.Value, viaFields bool) ([]ssa.Value, bool) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		var vs []ssa.Value
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == a {
					return nil, false // its address is stored elsewhere
				}
				vs = append(vs, r.Val)
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.MakeClosure:
				// captured: its stores are in the closure, under the free variable
				for i, b := range r.Bindings {
					if b == a {
						fv := r.Fn.(*ssa.Function).FreeVars[i]
						for _, rr := range *fv.Referrers() {
							if st, ok := rr.(*ssa.Store); ok && st.Addr == fv {
								vs = append(vs, st.Val)
							}
						}
					}
				}
			default:
				return nil, false // its address escapes (a call, a field of it): stores unknown
			}
		}
		return vs, len(vs) > 0
	case *ssa.FreeVar:
		if bs := g.bindings(a); len(bs) == 1 {
			return g.storedIn(bs[0], viaFields)
		}
	case *ssa.Global:
		if a.Pkg == nil || a.Pkg.Pkg != g.pkg || a.Object() == nil || a.Object().Exported() {
			return nil, false
		}
		vs := storedValues(g.Stores(a))
		return vs, len(vs) > 0
	case *ssa.FieldAddr:
		if f := g.ownField(a.X.Type(), a.Field); f != nil && viaFields {
			vs := storedValues(g.FieldStores(f))
			return vs, len(vs) > 0
		}
	}
	return nil, false
}

func storedValues(stores []Store) []ssa.Value {
	vs := make([]ssa.Value, len(stores))
	for i, s := range stores {
		vs[i] = s.Val
	}
	return vs
}
