package flow

import "golang.org/x/tools/go/ssa"

// Covered returns, for each block of fn (by index), whether every path
// from the function's entry to it takes one of the edges for which taken
// is true. It generalizes [EdgeDominates] to a set of edges: the cases of
// a switch that join in one body each take an edge of their own, and
// together cover the body. The entry block is never covered; a block no
// path reaches is not either.
//
// It is the greatest fixed point of: a block is covered if each of its
// predecessors is covered or reaches it by a taken edge.
func Covered(fn *ssa.Function, taken func(Edge) bool) []bool {
	n := len(fn.Blocks)
	on := make([]bool, n)
	for i := 1; i < n; i++ {
		on[i] = true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			if b.Index == 0 || !on[b.Index] {
				continue
			}
			covered := len(b.Preds) > 0
			for _, p := range b.Preds {
				if !on[p.Index] && !taken(Edge{p, b}) {
					covered = false
					break
				}
			}
			if !covered {
				on[b.Index] = false
				changed = true
			}
		}
	}
	return on
}
