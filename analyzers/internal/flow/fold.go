package flow

import "golang.org/x/tools/go/ssa"

// A Fold computes a property of values backward, from the values they are
// computed from: the backward half of provenance, for a property that is
// more than the set of origins (what a value depends on, and why).
// Compute is the analyzer's rule for one value; it calls [Fold.Of] for the
// values it follows. Each value is computed once. A value met again while
// its own property is being computed (a cycle through phi nodes, stores or
// recursion) counts as the zero T there, so the other paths decide.
type Fold[T any] struct {
	Compute func(v ssa.Value) T
	memo    map[ssa.Value]*T // nil while being computed
}

// Of returns the property of v.
func (f *Fold[T]) Of(v ssa.Value) T {
	if f.memo == nil {
		f.memo = make(map[ssa.Value]*T)
	}
	if t, ok := f.memo[v]; ok {
		if t == nil {
			var zero T
			return zero // a cycle
		}
		return *t
	}
	f.memo[v] = nil
	t := f.Compute(v)
	f.memo[v] = &t
	return t
}

// Reset forgets every property computed, for a rule whose inputs changed
// (a fixed point over facts learned since).
func (f *Fold[T]) Reset() { f.memo = nil }

// Operands returns the non-nil operands of instr, in order.
func Operands(instr ssa.Instruction) []ssa.Value {
	var ops []ssa.Value
	for _, p := range instr.Operands(nil) {
		if *p != nil {
			ops = append(ops, *p)
		}
	}
	return ops
}

// Bindings returns the values that the closure of fv's function binds to
// the captured variable fv, or nil if the function makes no closure.
func (g *Graph) Bindings(fv *ssa.FreeVar) []ssa.Value { return g.bindings(fv) }
