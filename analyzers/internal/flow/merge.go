package flow

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Merge returns what the paths of the regions rs reach together: the
// blocks of each (in the order first reached, rs in turn, each block's Via
// from the first region that reaches it), their returns and branches,
// each once; complete when every region is. A scenario that splits into
// cases (a failure by its class) is walked once per case and merged.
func Merge(rs ...*Region) *Region {
	m := &Region{Blocks: make(map[*ssa.BasicBlock]bool), Via: make(map[*ssa.BasicBlock]string), Complete: true}
	returned := make(map[*ssa.Return]map[string]bool)
	passed := make(map[*ssa.If]bool)
	for _, r := range rs {
		m.Complete = m.Complete && r.Complete
		for _, b := range r.Order {
			if !m.Blocks[b] {
				m.Blocks[b] = true
				m.Order = append(m.Order, b)
				m.Via[b] = r.Via[b]
			}
		}
		for _, ret := range r.Returns {
			var sb strings.Builder
			for _, v := range ret.Results {
				sb.WriteString("|" + v.String())
			}
			if returned[ret.Ret] == nil {
				returned[ret.Ret] = make(map[string]bool)
			}
			if key := sb.String(); !returned[ret.Ret][key] {
				returned[ret.Ret][key] = true
				m.Returns = append(m.Returns, ret)
			}
		}
		for _, ifs := range r.Branches {
			if !passed[ifs] {
				passed[ifs] = true
				m.Branches = append(m.Branches, ifs)
			}
		}
	}
	return m
}
