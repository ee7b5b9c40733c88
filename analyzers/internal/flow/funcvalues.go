package flow

import "golang.org/x/tools/go/ssa"

// FuncValues returns the package's functions that the function value v
// may run: the functions and function literals it comes from
// ([Graph.Origins]), and for a method value (g.afterInit, whose closure
// runs a synthetic wrapper) the method itself.
func (g *Graph) FuncValues(v ssa.Value) []*ssa.Function {
	var out []*ssa.Function
	for _, o := range g.Origins(v) {
		var fn *ssa.Function
		switch o := o.(type) {
		case *ssa.Function:
			fn = o
		case *ssa.MakeClosure:
			fn, _ = o.Fn.(*ssa.Function)
		}
		if fn == nil {
			continue
		}
		if c := g.callee(fn); c.Func != nil && g.own(c.Func) {
			out = append(out, c.Func)
		}
	}
	return out
}
