package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Callee is a function that a call may run.
type Callee struct {
	// Obj is the function or method object: the static callee, a
	// concrete method an interface call may dispatch to, or, for an
	// interface call, the interface's abstract method. It is nil for a
	// function literal. Tables (package knowledge) and facts are looked
	// up by it.
	Obj *types.Func
	// Func is the callee's SSA function when its body is in the graph's
	// package, else nil.
	Func *ssa.Function
}

// Callees returns the functions that call may run, and whether that list
// is complete. A static call has one callee. An interface call has the
// abstract method (so that a table of interface methods matches) and the
// methods of the package's own types that implement the interface;
// types of other packages may implement it too, so the list is not
// complete. A call of a function value has the functions the value comes
// from ([Graph.Origins]); it is complete if every origin is a function.
func (g *Graph) Callees(call *ssa.CallCommon) (callees []Callee, complete bool) {
	return g.callees(call, false)
}

// ExactCallees is [Graph.Callees] without the callees that a call runs
// only for some values of a type: the package's implementations of an
// interface method (the abstract method stays), and the functions stored
// in a struct field (stored into that field of any value of its type).
// What remains is what the call itself runs: its static callee, or the
// functions its function value holds through locals, phi nodes, captured
// variables and the package's own globals.
func (g *Graph) ExactCallees(call *ssa.CallCommon) []Callee {
	callees, _ := g.callees(call, true)
	return callees
}

func (g *Graph) callees(call *ssa.CallCommon, exact bool) (callees []Callee, complete bool) {
	if call.IsInvoke() {
		callees = append(callees, Callee{Obj: call.Method})
		if exact {
			return callees, false
		}
		for _, m := range g.implementations(call.Method) {
			callees = append(callees, g.callee(m))
		}
		return callees, false
	}
	if fn := call.StaticCallee(); fn != nil {
		return []Callee{g.callee(fn)}, true
	}
	if _, ok := call.Value.(*ssa.Builtin); ok {
		return nil, true
	}
	complete = true
	for _, o := range g.origins(call.Value, !exact) {
		switch o := o.(type) {
		case *ssa.Function:
			callees = append(callees, g.callee(o))
		case *ssa.MakeClosure:
			callees = append(callees, g.callee(o.Fn.(*ssa.Function)))
		case *ssa.Const: // a nil function: calling it panics
		default:
			complete = false
		}
	}
	return callees, complete
}

// HeldCallees returns what a dynamic call runs, judged by the values the
// package keeps for it: for an interface call, the method of the concrete
// type of each value the receiver comes from ([Graph.Origins]); for a
// function value, [Graph.Callees]. It reports false when a receiver's
// origin is itself of an interface type, or a function value's origins
// are not all functions: the value may then come from elsewhere.
func (g *Graph) HeldCallees(call *ssa.CallCommon) ([]Callee, bool) {
	if !call.IsInvoke() {
		return g.Callees(call)
	}
	prog := g.Prog.Pkg.Prog
	var callees []Callee
	for _, o := range g.Origins(call.Value) {
		t := o.Type()
		if types.IsInterface(t) {
			return nil, false
		}
		sel := prog.MethodSets.MethodSet(t).Lookup(call.Method.Pkg(), call.Method.Name())
		if sel == nil {
			return nil, false
		}
		if m := prog.MethodValue(sel); m != nil {
			callees = append(callees, g.callee(m))
		}
	}
	return callees, true
}

// CalleesOf is [Graph.Callees] for a call instruction.
func (g *Graph) CalleesOf(site ssa.CallInstruction) ([]Callee, bool) {
	return g.Callees(site.Common())
}

func (g *Graph) callee(fn *ssa.Function) Callee {
	c := Callee{}
	if obj, ok := fn.Object().(*types.Func); ok {
		c.Obj = obj
	} else if o := fn.Origin(); o != nil {
		c.Obj, _ = o.Object().(*types.Func)
	}
	if g.InPackage(fn) {
		c.Func = fn
	} else if o := fn.Origin(); g.InPackage(o) {
		c.Func = o
	}
	if fn.Synthetic != "" && c.Obj != nil {
		// The wrapper of a method value or expression (f := t.M; f())
		// runs the method.
		if m := g.Prog.Pkg.Prog.FuncValue(c.Obj); g.InPackage(m) {
			c.Func = m
		}
	}
	return c
}

// withMethod returns the package's named types (non-generic, not
// interfaces), and pointers to them, that have a method called name: the
// only candidates for an interface call of a method of that name. The
// index is built once, from each type's declared methods.
func (g *Graph) withMethod(name string) []types.Type {
	if g.byMethod == nil {
		g.byMethod = make(map[string][]types.Type)
		scope := g.pkg.Scope()
		for _, tname := range scope.Names() {
			tn, ok := scope.Lookup(tname).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
				continue
			}
			// The method set of *T holds T's methods, its pointer methods
			// and those promoted from embedded fields.
			ms := types.NewMethodSet(types.NewPointer(n))
			for i := 0; i < ms.Len(); i++ {
				mname := ms.At(i).Obj().Name()
				g.byMethod[mname] = append(g.byMethod[mname], n, types.NewPointer(n))
			}
		}
	}
	return g.byMethod[name]
}

// implementations returns the methods of the package's types that an
// interface call of m may run: the method of each named type declared in
// the package (or a pointer to it) that implements m's interface.
func (g *Graph) implementations(m *types.Func) []*ssa.Function {
	if impls, ok := g.impls[m]; ok {
		return impls
	}
	var impls []*ssa.Function
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if ok {
		prog := g.Prog.Pkg.Prog
		for _, t := range g.withMethod(m.Name()) {
			if !types.Implements(t, iface) {
				continue
			}
			if p, isPtr := t.(*types.Pointer); isPtr && types.Implements(p.Elem(), iface) {
				continue // the value type's methods, listed already
			}
			sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
			if sel == nil {
				continue
			}
			if fn := prog.MethodValue(sel); fn != nil {
				impls = append(impls, fn)
			}
		}
	}
	g.impls[m] = impls
	return impls
}
