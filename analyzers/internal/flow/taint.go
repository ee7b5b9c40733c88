package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Cell is a place a value can be stored in: a field of what Base points
// to, or (Field -1) what Base points to as a whole.
type Cell struct {
	Base  ssa.Value
	Field int
}

// A Taint follows values forward from seeds, each with a key K (what the
// value carries): through copies, conversions, phi nodes, stores and the
// loads of what they store (locals, fields of the same base), captured
// variables, and the calls of the package's functions that return their
// parameter (only the results that return it: the error beside a returned
// parameter carries nothing). A value keeps the key that reached it first.
type Taint[K comparable] struct {
	g       *Graph
	tainted map[ssa.Value]K
	cells   map[Cell]K
	work    []ssa.Value
}

// NewTaint returns an empty taint over g.
func NewTaint[K comparable](g *Graph) *Taint[K] {
	return &Taint[K]{g: g, tainted: make(map[ssa.Value]K), cells: make(map[Cell]K)}
}

// Seed taints v with k (unless it is tainted already) and everything that
// v flows into.
func (t *Taint[K]) Seed(v ssa.Value, k K) {
	t.add(v, k)
	t.drain()
}

func (t *Taint[K]) drain() {
	for len(t.work) > 0 {
		v := t.work[len(t.work)-1]
		t.work = t.work[:len(t.work)-1]
		t.propagate(v)
	}
}

// SeedFunc seeds, in fn and its function literals, each parameter and
// value-producing instruction for which seed returns a key. Every seed
// keeps its own key: the seeds are placed before any is followed.
func (t *Taint[K]) SeedFunc(fn *ssa.Function, seed func(v ssa.Value) (K, bool)) {
	for _, f := range WithClosures(fn) {
		for _, p := range f.Params {
			if k, ok := seed(p); ok {
				t.add(p, k)
			}
		}
		Instrs(f, func(instr ssa.Instruction) {
			if v, ok := instr.(ssa.Value); ok {
				if k, ok := seed(v); ok {
					t.add(v, k)
				}
			}
		})
	}
	t.drain()
}

// Of returns the key v carries.
func (t *Taint[K]) Of(v ssa.Value) (K, bool) {
	k, ok := t.tainted[v]
	return k, ok
}

// In returns the key of what is stored in the cell.
func (t *Taint[K]) In(c Cell) (K, bool) {
	k, ok := t.cells[c]
	return k, ok
}

// AtAddr returns the key of what is stored at addr: in the variable it
// is the address of, or in the field it selects.
func (t *Taint[K]) AtAddr(addr ssa.Value) (K, bool) {
	if k, ok := t.cells[Cell{addr, -1}]; ok {
		return k, true
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		return t.In(Cell{fa.X, fa.Field})
	}
	var zero K
	return zero, false
}

func (t *Taint[K]) add(v ssa.Value, k K) {
	if v == nil {
		return
	}
	if _, ok := t.tainted[v]; ok {
		return
	}
	t.tainted[v] = k
	t.work = append(t.work, v)
}

func (t *Taint[K]) propagate(v ssa.Value) {
	k := t.tainted[v]
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert, *ssa.Extract:
			t.add(r.(ssa.Value), k)
		case *ssa.UnOp:
			if r.Op == token.MUL { // v is an address that holds the value
				t.add(r, k)
			}
		case *ssa.Store:
			if r.Val == v {
				t.store(r.Addr, k)
			}
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				if b == v {
					t.add(r.Fn.(*ssa.Function).FreeVars[i], k)
				}
			}
		case *ssa.Call:
			if callee := r.Call.StaticCallee(); callee != nil {
				for i, a := range r.Call.Args {
					if a == v {
						t.results(r, t.g.ReturnsParam(callee, i), k)
					}
				}
			}
		}
	}
}

// store records that addr holds the value, and taints its loads.
func (t *Taint[K]) store(addr ssa.Value, k K) {
	c := Cell{Base: addr, Field: -1}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		c = Cell{Base: fa.X, Field: fa.Field}
	}
	if _, ok := t.cells[c]; ok {
		return
	}
	t.cells[c] = k
	if c.Field == -1 {
		t.add(addr, k) // an address of the value: its loads carry it
		return
	}
	refs := c.Base.Referrers()
	if refs == nil {
		return // a global: not followed
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if r.Field == c.Field {
				t.add(r, k)
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				continue
			}
			for _, rr := range *r.Referrers() { // a copy of the struct: its field
				if f, ok := rr.(*ssa.Field); ok && f.Field == c.Field {
					t.add(f, k)
				}
			}
		}
	}
}

// results taints the results of call that rs marks.
func (t *Taint[K]) results(call *ssa.Call, rs ResultSet, k K) {
	if rs == 0 {
		return
	}
	if _, ok := call.Type().(*types.Tuple); !ok {
		t.add(call, k)
		return
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && rs.Has(e.Index) {
			t.add(e, k)
		}
	}
}

// A ResultSet is a set of result indices of a function, one bit each.
type ResultSet uint64

// Has reports whether result j is in the set.
func (s ResultSet) Has(j int) bool { return j < 64 && s&(1<<j) != 0 }

type paramReturn struct {
	fn *ssa.Function
	i  int
}

// ReturnsParam returns the results by which fn, a function of the
// package, returns its parameter i (counting the receiver) as it is, or a
// copy of it. A recursive call returns nothing.
func (g *Graph) ReturnsParam(fn *ssa.Function, i int) ResultSet {
	if !g.InPackage(fn) || i >= len(fn.Params) {
		return 0
	}
	key := paramReturn{fn, i}
	if r, ok := g.returns[key]; ok {
		return r
	}
	g.returns[key] = 0 // recursion: does not return it
	t := NewTaint[struct{}](g)
	t.Seed(fn.Params[i], struct{}{})
	var r ResultSet
	Instrs(fn, func(instr ssa.Instruction) {
		if ret, ok := instr.(*ssa.Return); ok {
			for j, res := range ret.Results {
				if _, ok := t.Of(res); ok && j < 64 {
					r |= 1 << j
				}
			}
		}
	})
	g.returns[key] = r
	return r
}
