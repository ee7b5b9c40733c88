package flow

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A local record is a struct the function allocates and uses only through
// its fields' addresses, each only loaded or stored: nothing else can
// write it, so a field no store has reached holds its zero value. An
// outcome kept in such a field (d.approved = res.Action == "accept") is
// then false on a path where the confirmation failed and nothing set it.

// recordFields returns the field addresses of alloc when it is a local
// record, and false otherwise.
func recordFields(alloc *ssa.Alloc) ([]*ssa.FieldAddr, bool) {
	var fields []*ssa.FieldAddr
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.DebugRef:
				case *ssa.Store:
					if use.Val == ssa.Value(ref) {
						return nil, false // the field's address escapes
					}
				case *ssa.UnOp:
				default:
					return nil, false
				}
			}
			fields = append(fields, ref)
		default:
			return nil, false
		}
	}
	return fields, true
}

// zeroValue returns the zero value of t when a path can tell it: false, "",
// or nil for a pointer, interface, map, slice, channel or function.
func zeroValue(t types.Type) (Val, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsBoolean|types.IsString) != 0 {
			return zeroOf(u), true
		}
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return Nil, true
	}
	return Val{}, false
}

// zeroRecord returns e with the fields of the local record alloc at
// their zero values: a path that runs alloc starts the record afresh.
func (p *Paths) zeroRecord(alloc *ssa.Alloc, e *env) *env {
	fields, ok := recordFields(alloc)
	if !ok {
		return e
	}
	for _, fa := range fields {
		if zero, ok := zeroValue(fa.Type().(*types.Pointer).Elem()); ok {
			if key, ok := p.cellKey(fa); ok {
				e = e.with(key, zero)
			}
		}
	}
	return e
}

// unsetFields returns e with the fields of the function's local records
// that no store reaches at at their zero values: the walk from at never
// ran their allocation, yet knows them.
func (p *Paths) unsetFields(at ssa.Instruction, e *env) *env {
	fn := at.Parent()
	if fn == nil {
		return e
	}
	before := reachingBlocks(at.Block())
	atIdx := slices.Index(at.Block().Instrs, at)
	reaches := func(instr ssa.Instruction) bool {
		b := instr.Block()
		return before[b] || b == at.Block() && slices.Index(b.Instrs, instr) < atIdx
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			alloc, ok := instr.(*ssa.Alloc)
			if !ok || !reaches(alloc) {
				continue
			}
			fields, ok := recordFields(alloc)
			if !ok {
				continue
			}
			for _, fa := range fields {
				zero, ok := zeroValue(fa.Type().(*types.Pointer).Elem())
				key, cell := p.cellKey(fa)
				if !ok || !cell || storedBefore(fields, fa.Field, reaches) {
					continue
				}
				e = e.with(key, zero)
			}
		}
	}
	return e
}

// storedBefore reports whether a store to field i of a record, through
// any of its field addresses, is an instruction that reaches.
func storedBefore(fields []*ssa.FieldAddr, i int, reaches func(ssa.Instruction) bool) bool {
	for _, fa := range fields {
		if fa.Field != i {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok && reaches(st) {
				return true
			}
		}
	}
	return false
}

// reachingBlocks returns the blocks from which a path leads to b, b
// itself only when it is in a loop.
func reachingBlocks(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := make(map[*ssa.BasicBlock]bool)
	queue := slices.Clone(b.Preds)
	for len(queue) > 0 {
		x := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		queue = append(queue, x.Preds...)
	}
	return seen
}
