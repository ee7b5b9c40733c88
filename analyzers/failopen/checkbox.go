package failopen

import (
	"fmt"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
)

// A question whose requested schema has one property, a boolean, is a
// checkbox: the client shows the box beside its accept and decline
// buttons, and a user who submits the form with the box unticked answers
// accept with the box false. Its Action says only that the form was
// submitted; the box says what the user chose.

// checkboxAdvice is the advice of a finding on an unread checkbox.
const checkboxAdvice = "an accepted form with the box unticked is a no: go ahead only when the box is true, or ask with no field, where accept alone confirms"

// argsCheckbox returns the checkbox of the elicitation request whose
// arguments are args (its parameters among them), or "".
func argsCheckbox(args []ssa.Value) string {
	for _, a := range args {
		if props, ok := rounds.RequestedProperties(a); ok {
			name, _ := props.Checkbox()
			return name
		}
	}
	return ""
}

// keyCheckbox returns the checkbox of the input requests the package asks
// under the constant key, when every one of them is a checkbox (the first
// one's), or "".
func (c *checker) keyCheckbox(key ssa.Value) string {
	k := flow.StringConst(key)
	if k == "" {
		return ""
	}
	box := ""
	for _, req := range c.rounds.Requests {
		if flow.StringConst(req.Key) != k {
			continue
		}
		props, ok := rounds.RequestedProperties(req.Params)
		if !ok {
			return ""
		}
		name, ok := props.Checkbox()
		if !ok {
			return ""
		}
		if box == "" {
			box = name
		}
	}
	return box
}

// asksOtherKind reports whether the package asks under the constant key
// only input requests of another kind than elicitation (roots,
// sampling): their answers confirm nothing.
func (c *checker) asksOtherKind(key ssa.Value) bool {
	k := flow.StringConst(key)
	other := false
	for _, req := range c.rounds.Requests {
		if k == "" || flow.StringConst(req.Key) != k {
			continue
		}
		if req.Capability == "" || req.Capability == knowledge.CapabilityElicitation {
			return false
		}
		other = true
	}
	return other
}

// checkUnticked reports a confirmation of a checkbox whose answer fn never
// looks into, when the accepting path goes on to the action or returns the
// "go ahead" value: submitting the box unticked does the same.
func (c *checker) checkUnticked(fn *ssa.Function, s *site, ps paths, handler bool) {
	if s.checkbox == "" || readsContent(s.result) {
		return
	}
	if b, act := ps.fallThrough(accepted); act != nil {
		c.reportUnticked(fn, s, fmt.Sprintf("%s goes on into the code that only acceptance reaches%s%s",
			funcName(fn), c.fromLine(act), decided(ps[accepted].Via[b])))
		return
	}
	if handler {
		return
	}
	if i, k, ok := ps.decision(fn); ok {
		if bad := ps.giving(accepted, i, k); len(bad) > 0 {
			c.reportUnticked(fn, s, fmt.Sprintf("%s returns %s, as when the box is ticked", funcName(fn), text(bad[0].Results[i])))
		}
	}
}

func (c *checker) reportUnticked(fn *ssa.Function, s *site, what string) {
	question := s.name + "'s question"
	if s.answer != "" {
		question = "the question " + s.answer
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryUnticked,
		Message: fmt.Sprintf("when the user accepts %s with its one field, the checkbox %s, unticked, %s: %s",
			question, strconv.Quote(s.checkbox), what, checkboxAdvice),
	})
}

// maxContentDepth bounds how deep readsContent follows the answer into
// the functions it is passed to.
const maxContentDepth = 3

// readsContent reports whether the elicitation answer v may have more than
// its Action read: anything done with it but reading the Action,
// asserting its type and comparing it with nil, looked into through the
// package's functions it is passed to.
func readsContent(v ssa.Value) bool {
	if v == nil {
		return false
	}
	seen := make(map[ssa.Value]bool)
	var reads func(v ssa.Value, depth int) bool
	// field reports whether selecting field f of the answer, as sel, may
	// read more than its Action: an embedded struct (mcp-go's
	// ElicitationResponse) is looked into.
	field := func(f *types.Var, sel ssa.Value, depth int) bool {
		switch {
		case f == nil:
			return true
		case f.Name() == knowledge.ElicitActionField:
			return false
		case f.Embedded():
			return reads(sel, depth)
		}
		return true
	}
	reads = func(v ssa.Value, depth int) bool {
		if seen[v] {
			return false
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.DebugRef, *ssa.BinOp, *ssa.If:
				continue
			case *ssa.Extract:
				if r.Index == 0 && reads(r, depth) {
					return true
				}
			case *ssa.TypeAssert, *ssa.Phi, *ssa.UnOp, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
				if reads(r.(ssa.Value), depth) {
					return true
				}
			case *ssa.FieldAddr:
				if field(flow.Field(r.X.Type(), r.Field), r, depth) {
					return true
				}
			case *ssa.Field:
				if field(flow.StructField(r.X.Type(), r.Field), r, depth) {
					return true
				}
			case ssa.CallInstruction:
				callee := r.Common().StaticCallee()
				if callee == nil || callee.Blocks == nil || depth >= maxContentDepth {
					return true
				}
				for i, a := range r.Common().Args {
					if a == v && (i >= len(callee.Params) || reads(callee.Params[i], depth+1)) {
						return true
					}
				}
			default:
				return true
			}
		}
		return false
	}
	return reads(v, 0)
}
