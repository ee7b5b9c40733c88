package failopen

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
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
func (c *checker) argsCheckbox(args []ssa.Value) string {
	for _, a := range args {
		if props, ok := c.rounds.RequestedProperties(a); ok {
			if name, ok := props.Checkbox(); ok {
				return name
			}
			return ""
		}
	}
	return ""
}

// keyCheckbox returns the checkbox of the input requests the package asks
// under the key, when every one of them is a checkbox (the first one's),
// or "": under the same constant, or, for a key computed at run time
// ("drop:" + table), under the same value, in the function that reads the
// answer.
func (c *checker) keyCheckbox(key ssa.Value) string {
	k := flow.StringConst(key)
	same := func(asked ssa.Value) bool {
		if k == "" {
			return flow.Unconvert(asked) == flow.Unconvert(key)
		}
		return flow.StringConst(asked) == k
	}
	box := ""
	for _, req := range c.rounds.Requests {
		if !same(req.Key) {
			continue
		}
		props, ok := c.rounds.RequestedProperties(req.Params)
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

// checkUnticked reports a confirmation of a checkbox that goes ahead on
// an accepted answer whose box is unticked: one whose answer fn never
// looks into, when the accepting path goes on to the action or returns the
// "go ahead" value; or one that reads the box, when the path of an
// accepted answer with the box false does.
func (c *checker) checkUnticked(fn *ssa.Function, s *site, ps paths, handler bool) {
	if s.checkbox == "" {
		return
	}
	if !readsContent(s.result) {
		c.judgeBox(fn, s, ps, ps[accepted], handler, boxUnticked)
		return
	}
	reads := boxReads(s.result, s.checkbox)
	if len(reads) == 0 || ps[declined] == nil {
		return // the box is read some other way (decoded into a struct, say)
	}
	// The path of an answer on o whose box is value (with ok, the
	// comma-ok of its read).
	boxPath := func(o outcome, value, ok flow.Val) *flow.Region {
		bind, bound := s.bind(o, c.sentinel)
		if !bound {
			return nil
		}
		for _, l := range reads {
			if !l.CommaOk {
				bind[l] = value
				continue
			}
			if e := extract(l, 0); e != nil {
				bind[e] = value
			}
			if e := extract(l, 1); e != nil {
				bind[e] = ok
			}
		}
		if r := c.paths.From(s.at, bind); r.Complete {
			return r
		}
		return nil
	}
	// What the box's paths are told apart from: the path of an accepted
	// answer with the box ticked, and that of a decline, which carries no
	// content (the box left out).
	ps[accepted] = boxPath(accepted, flow.Bool(true), flow.Bool(true))
	ps[declined] = boxPath(declined, flow.Nil, flow.Bool(false))
	if ps[accepted] == nil || ps[declined] == nil {
		return
	}
	unticked := boxPath(accepted, flow.Bool(false), flow.Bool(true))
	if unticked == nil {
		return
	}
	if c.judgeBox(fn, s, ps, unticked, handler, boxUnticked) {
		return
	}
	// An accepted answer that leaves the box out (a form sent with no
	// content, or without the field): the read finds nothing, a nil
	// interface that is not false either. An SDK that checks the form
	// against the schema may rule it out; the schema's required fields
	// are not read, so that path is not judged.
	if !s.formChecked {
		missing := boxPath(accepted, flow.Nil, flow.Bool(false))
		if missing != nil && c.judgeBox(fn, s, ps, missing, handler, boxMissing) {
			return
		}
	}
	if !c.reporting {
		return
	}
	// A box checked only inside the branch of an acceptance: what the
	// unticked box stops before, and the ticked one reaches, a decline or
	// a cancel must not reach either.
	var byBox paths
	byBox[accepted], byBox[declined] = ps[accepted], unticked
	for _, o := range [...]outcome{declined, cancelled} {
		r := boxPath(o, flow.Nil, flow.Bool(false))
		if r == nil || stopsAsUnticked(r, ps[accepted], unticked) {
			continue
		}
		if b, act := byBox.goesOn(r, s); act != nil {
			c.reportSkipsBox(fn, s, o, r.Via[b], act)
			return
		}
	}
}

// stopsAsUnticked reports whether r may reach a block that the path of
// an unticked box reaches and that of a ticked one does not: where r goes
// is then not told apart from a refusal (a branch the walk could not
// decide), and nothing is reported.
func stopsAsUnticked(r, ticked, unticked *flow.Region) bool {
	for _, b := range r.Order {
		if unticked.Blocks[b] && !ticked.Blocks[b] {
			return true
		}
	}
	return false
}

// skippedBoxAdvice is the advice of a finding on a box that a decline or
// a cancel never reaches the check of.
const skippedBoxAdvice = "only an accepted answer with the box ticked confirms: stop unless the action is accept and the box is true, in one condition"

// reportSkipsBox reports the confirmation s of a checkbox whose path on
// o (a decline or a cancel) goes past the check of the box, on to act,
// which an unticked box stops before.
func (c *checker) reportSkipsBox(fn *ssa.Function, s *site, o outcome, via string, act ssa.Instruction) {
	verb := "declines"
	if o == cancelled {
		verb = "cancels"
	}
	question := s.question()
	c.rep.Report(analysis.Diagnostic{
		Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryProceeds,
		Message: fmt.Sprintf("when the user %s %s, whose one field is the checkbox %s, %s skips the check of the box and goes on into the code that only a ticked box reaches%s%s: %s",
			verb, question, strconv.Quote(s.checkbox), funcName(fn), from(act), decided(via), skippedBoxAdvice),
	})
}

// How an accepted answer to a checkbox question leaves its box.
type boxState int

const (
	boxUnticked boxState = iota // the box false
	boxMissing                  // the field left out
)

// judgeBox reports the confirmation s of a checkbox when r, the path of
// an accepted answer with its box as box says, goes on to the action that
// only acceptance reaches, or returns the "go ahead" value, and says
// whether it did.
func (c *checker) judgeBox(fn *ssa.Function, s *site, ps paths, r *flow.Region, handler bool, box boxState) bool {
	if b, act := ps.goesOn(r, s); act != nil {
		c.reportBox(fn, s, box, fmt.Sprintf("%s goes on into the code that only acceptance reaches%s%s",
			funcName(fn), from(act), decided(r.Via[b])))
		return true
	}
	if handler {
		return false
	}
	if i, k, ok := ps.decision(fn); ok {
		var qs paths
		qs[accepted] = r
		// A value a decline returns too says nothing of the box.
		declines := slices.ContainsFunc(ps.returns(declined), func(r flow.Returned) bool { return r.Results[i].Equal(k) && noError(r) })
		if bad := qs.giving(accepted, i, k); len(bad) > 0 && !declines {
			c.reportBox(fn, s, box, fmt.Sprintf("%s returns %s, as when the box is ticked", funcName(fn), text(bad[0].Results[i])))
			return true
		}
	}
	return false
}

// question names the question of s in a message: its answer's key in a
// hand-written round, or the function that asks.
func (s *site) question() string {
	if s.answer != "" {
		return "the question " + s.answer
	}
	return s.name + "'s question"
}

// missingBoxAdvice is the advice of a finding on a box left out of an
// accepted answer.
const missingBoxAdvice = "a form accepted without the box is no consent: go ahead only when the box is there and true (v, ok := content[key].(bool); ok && v), or ask with no field, where accept alone confirms"

func (c *checker) reportBox(fn *ssa.Function, s *site, box boxState, what string) {
	question := s.question()
	msg := fmt.Sprintf("when the user accepts %s with its one field, the checkbox %s, unticked, %s: %s",
		question, strconv.Quote(s.checkbox), what, checkboxAdvice)
	if box == boxMissing {
		msg = fmt.Sprintf("when the user accepts %s without the field, its one checkbox %s left out, %s: %s",
			question, strconv.Quote(s.checkbox), what, missingBoxAdvice)
	}
	c.rep.Report(analysis.Diagnostic{Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryUnticked, Message: msg})
}

// boxReads returns the reads of the field box from the content of the
// elicitation answer v: the lookups content[box], comma-ok or not, of
// the answer's Content (go-sdk's map, mcp-go's any asserted to one), in
// the function that has v.
func boxReads(v ssa.Value, box string) []*ssa.Lookup {
	var reads []*ssa.Lookup
	seen := make(map[ssa.Value]bool)
	var answer, content func(v ssa.Value)
	// follow calls f on the values that hold what v holds: its type
	// assertions, φ-nodes and conversions.
	follow := func(v ssa.Value, f func(ssa.Value)) {
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.TypeAssert:
				if !r.CommaOk {
					f(r)
				} else if e := extract(r, 0); e != nil {
					f(e)
				}
			case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface:
				f(r.(ssa.Value))
			}
		}
	}
	answer = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		follow(v, answer)
		for _, ref := range *v.Referrers() {
			var f *types.Var
			switch r := ref.(type) {
			case *ssa.FieldAddr:
				if f = flow.Field(r.X.Type(), r.Field); f == nil {
					continue
				}
				if f.Embedded() { // mcp-go's ElicitationResponse, in its result
					answer(r)
					continue
				}
				if f.Name() == knowledge.ElicitContentField {
					for _, load := range *r.Referrers() {
						if u, ok := load.(*ssa.UnOp); ok && u.Op == token.MUL {
							content(u)
						}
					}
				}
			case *ssa.Field:
				if f = flow.StructField(r.X.Type(), r.Field); f != nil && f.Embedded() {
					answer(r)
				} else if f != nil && f.Name() == knowledge.ElicitContentField {
					content(r)
				}
			case *ssa.UnOp: // a load of the answer, held by a pointer
				if r.Op == token.MUL {
					answer(r)
				}
			}
		}
	}
	content = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		follow(v, content)
		for _, ref := range *v.Referrers() {
			if l, ok := ref.(*ssa.Lookup); ok && l.X == v && flow.StringConst(l.Index) == box {
				reads = append(reads, l)
			}
		}
	}
	answer(v)
	return reads
}

// onlyLogged reports whether the content selected as sel (a field, or
// its address, loaded) is only logged or formatted: a log line that dumps
// the form reads no box.
func onlyLogged(sel ssa.Value) bool {
	if _, isAddr := sel.(*ssa.FieldAddr); !isAddr {
		return onlyReported(sel, 0)
	}
	for _, ref := range *sel.Referrers() {
		if _, debug := ref.(*ssa.DebugRef); debug {
			continue
		}
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || !onlyReported(load, 0) {
			return false
		}
	}
	return true
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
		case f.Name() == knowledge.ElicitContentField:
			return !onlyLogged(sel)
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
