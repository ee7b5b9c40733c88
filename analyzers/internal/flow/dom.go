package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Point is an instruction's place: its block and index there.
type Point struct {
	Block *ssa.BasicBlock
	Index int
}

// PointOf returns the point of instr.
func PointOf(instr ssa.Instruction) Point {
	b := instr.Block()
	for i, in := range b.Instrs {
		if in == instr {
			return Point{b, i}
		}
	}
	return Point{b, -1}
}

// Func returns the function of p.
func (p Point) Func() *ssa.Function { return p.Block.Parent() }

// Dominates reports whether every path from the function's entry to q
// passes p first (p and q in one function). A point does not dominate
// itself.
func (p Point) Dominates(q Point) bool {
	if p.Block == q.Block {
		return p.Index < q.Index
	}
	return p.Block.Dominates(q.Block)
}

// Lift returns p as a point of fn, an enclosing function: the point where
// the closure of the function literal that p is in (or of the literal
// enclosing that one) is made. It returns false if p is not in fn or a
// literal nested in it, or a literal captures nothing (it has no
// MakeClosure).
func (g *Graph) Lift(p Point, fn *ssa.Function) (Point, bool) {
	for p.Func() != fn {
		mc := g.Prog.Closures[p.Func()]
		if mc == nil {
			return Point{}, false
		}
		p = PointOf(mc)
	}
	return p, true
}

// PostDominates reports whether every path from b to the function's exit
// (a return, a panic, or the end of the function) passes a. A block
// post-dominates itself. A path that loops forever reaches no exit.
func (g *Graph) PostDominates(a, b *ssa.BasicBlock) bool {
	fn := b.Parent()
	if a.Parent() != fn {
		return false
	}
	sets, ok := g.postdom[fn]
	if !ok {
		sets = postDominators(fn)
		g.postdom[fn] = sets
	}
	return sets[b.Index][a.Index]
}

// postDominators returns, for each block, the set of blocks that
// post-dominate it, by the iterative data-flow algorithm: a block's set is
// itself plus the intersection of its successors' sets; an exit block's is
// itself.
func postDominators(fn *ssa.Function) [][]bool {
	n := len(fn.Blocks)
	sets := make([][]bool, n)
	for i, b := range fn.Blocks {
		sets[i] = make([]bool, n)
		if len(b.Succs) == 0 {
			sets[i][i] = true
			continue
		}
		for j := range sets[i] {
			sets[i][j] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			if len(b.Succs) == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				in := j == i
				if !in {
					in = true
					for _, s := range b.Succs {
						if !sets[s.Index][j] {
							in = false
							break
						}
					}
				}
				if sets[i][j] != in {
					sets[i][j] = in
					changed = true
				}
			}
		}
	}
	return sets
}

// An Edge is a control-flow edge between two blocks of one function.
type Edge struct {
	From, To *ssa.BasicBlock
}

// EdgeDominates reports whether every path from the function's entry to b
// takes the edge e: e.To dominates b, and every other way into e.To comes
// from e.To itself (a loop back to it).
func EdgeDominates(e Edge, b *ssa.BasicBlock) bool {
	if !e.To.Dominates(b) {
		return false
	}
	taken := false
	for _, p := range e.To.Preds {
		if p == e.From {
			if taken {
				return false // both edges of an If lead to e.To
			}
			taken = true
			continue
		}
		if !e.To.Dominates(p) {
			return false
		}
	}
	return taken
}

// A Branch is a conditional jump on a value: the If instruction, and the
// edge taken when the value is true.
type Branch struct {
	If *ssa.If
	// True is the edge taken when the tested value is true; False the
	// other.
	True, False Edge
}

// Branches returns the conditional jumps on cond, and on its negation
// (!cond), each with its edges as seen from cond.
func Branches(cond ssa.Value) []Branch {
	var out []Branch
	add := func(v ssa.Value, negated bool) {
		for _, r := range *v.Referrers() {
			ifs, ok := r.(*ssa.If)
			if !ok {
				continue
			}
			b := ifs.Block()
			t, f := Edge{b, b.Succs[0]}, Edge{b, b.Succs[1]}
			if negated {
				t, f = f, t
			}
			out = append(out, Branch{If: ifs, True: t, False: f})
		}
	}
	add(cond, false)
	for _, r := range *cond.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.NOT {
			add(u, true)
		}
	}
	return out
}

// EdgeOf tells on which edge of the branch block b is: 0 if the edge into
// the If's first successor (the true edge) dominates b, 1 for the second,
// or false if neither does (b is before the branch, or after the two
// edges join).
func EdgeOf(ifs *ssa.If, b *ssa.BasicBlock) (succ int, ok bool) {
	from := ifs.Block()
	for i, to := range from.Succs {
		if EdgeDominates(Edge{from, to}, b) {
			return i, true
		}
	}
	return 0, false
}

// Outcomes returns the edges where call is known to have succeeded (its
// error, the last result, compared nil; or its bool result true) and
// those where it failed. checks is false if the call reports no failure
// (its last result is neither an error nor, as its only result, a bool);
// ok and failed are both empty if the failure is not tested (the error is
// dropped or only passed on).
func Outcomes(call *ssa.Call) (ok, failed []Edge, checks bool) {
	res := call.Call.Signature().Results()
	n := res.Len()
	var result ssa.Value
	isErr := false
	switch {
	case n > 0 && isError(res.At(n-1).Type()):
		isErr = true
		if n == 1 {
			result = call
		} else {
			for _, r := range *call.Referrers() {
				if e, isExtract := r.(*ssa.Extract); isExtract && e.Index == n-1 {
					result = e
				}
			}
		}
	case n == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool]):
		result = call
	default:
		return nil, nil, false
	}
	if result == nil {
		return nil, nil, true // the error is dropped
	}
	if !isErr {
		for _, br := range Branches(result) {
			ok, failed = append(ok, br.True), append(failed, br.False)
		}
		return ok, failed, true
	}
	for _, r := range *result.Referrers() {
		b, isBin := r.(*ssa.BinOp)
		if !isBin || (b.Op != token.EQL && b.Op != token.NEQ) || !(IsNilConst(b.X) || IsNilConst(b.Y)) {
			continue
		}
		for _, br := range Branches(b) {
			nilEdge, errEdge := br.True, br.False // err == nil
			if b.Op == token.NEQ {
				nilEdge, errEdge = br.False, br.True
			}
			ok, failed = append(ok, nilEdge), append(failed, errEdge)
		}
	}
	return ok, failed, true
}

// IsNilConst reports whether v is the constant nil, converted or not. (A
// zero struct or array is a constant with no value too, but not nil.)
func IsNilConst(v ssa.Value) bool {
	k, ok := Unconvert(v).(*ssa.Const)
	return ok && k.IsNil()
}

// Unconvert returns the value that v converts, through conversions and
// changes of type or interface, or v itself.
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch w := v.(type) {
		case *ssa.MakeInterface:
			v = w.X
		case *ssa.ChangeInterface:
			v = w.X
		case *ssa.ChangeType:
			v = w.X
		case *ssa.Convert:
			v = w.X
		default:
			return v
		}
	}
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
