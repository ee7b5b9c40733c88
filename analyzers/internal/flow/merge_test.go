package flow_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

// TestMerge checks the union of two regions: each block, return (by its
// results) and branch once, in the order first reached, a block's Via
// from the first region, and complete only when both are.
func TestMerge(t *testing.T) {
	b1, b2, b3 := new(ssa.BasicBlock), new(ssa.BasicBlock), new(ssa.BasicBlock)
	ret1, ret2 := new(ssa.Return), new(ssa.Return)
	if1, if2 := new(ssa.If), new(ssa.If)
	region := func(complete bool, via string, blocks []*ssa.BasicBlock, rets []flow.Returned, ifs ...*ssa.If) *flow.Region {
		r := &flow.Region{Blocks: map[*ssa.BasicBlock]bool{}, Via: map[*ssa.BasicBlock]string{}, Order: blocks, Returns: rets, Branches: ifs, Complete: complete}
		for _, b := range blocks {
			r.Blocks[b] = true
			r.Via[b] = via
		}
		return r
	}
	a := region(true, "a", []*ssa.BasicBlock{b1, b2},
		[]flow.Returned{{Ret: ret1, Results: []flow.Val{flow.Bool(true)}}}, if1)
	b := region(true, "b", []*ssa.BasicBlock{b2, b3},
		[]flow.Returned{
			{Ret: ret1, Results: []flow.Val{flow.Bool(true)}},  // the same return, with the same results: once
			{Ret: ret1, Results: []flow.Val{flow.Bool(false)}}, // other results: kept
			{Ret: ret2, Results: []flow.Val{flow.Nil}},
		}, if1, if2)
	m := flow.Merge(a, b)
	if !slices.Equal(m.Order, []*ssa.BasicBlock{b1, b2, b3}) || len(m.Blocks) != 3 {
		t.Errorf("blocks: got %d in order %v", len(m.Blocks), m.Order)
	}
	if m.Via[b2] != "a" || m.Via[b3] != "b" {
		t.Errorf("via: got %q for the shared block, %q for b's own", m.Via[b2], m.Via[b3])
	}
	if len(m.Returns) != 3 {
		t.Errorf("returns: got %d, want 3", len(m.Returns))
	}
	if !slices.Equal(m.Branches, []*ssa.If{if1, if2}) {
		t.Errorf("branches: got %d", len(m.Branches))
	}
	if !m.Complete {
		t.Error("two complete regions merge incomplete")
	}
	if flow.Merge(a, region(false, "c", nil, nil)).Complete {
		t.Error("an incomplete region merges complete")
	}
}
