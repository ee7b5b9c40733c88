package flow

import "golang.org/x/tools/go/ssa"

// StoredInto returns the values stored into the local alloc and into its
// fields and elements.
func StoredInto(alloc *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	var visit func(addr ssa.Value)
	visit = func(addr ssa.Value) {
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == addr {
					out = append(out, r.Val)
				}
			case *ssa.FieldAddr:
				visit(r)
			case *ssa.IndexAddr:
				visit(r)
			}
		}
	}
	visit(alloc)
	return out
}
