package failopen

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Confirmer is the fact that a function asks the user to confirm and
// returns the outcome: its result Err is nil on the paths where the user
// accepted, and is not nil whenever the request failed, or it stays nil
// on a failure too and its bool tells the outcomes apart (true on the
// acceptance, false on a decline); its result Bool, when there is one
// (Bool >= 0), tells acceptance when Err is nil. Decline, Cancel and Fail say what
// Err is on each other outcome, so that a caller's test of it is decided
// as at run time: "nil", "sentinel:PATH.NAME" (that sentinel error),
// "wrap:sentinel:PATH.NAME" (an error wrapping it, which errors.Is finds),
// "type:*PATH.NAME" (an error of that type of the user's, which errors.As
// finds),
// "failure" (the request's own error, wrapped or not), "error" (some other
// error), or "" (it varies).
//
// Its result Result, when there is one (Result >= 0), is the SDK's
// elicitation result itself, as the request returned it (nil on a
// failure): a wrapper of the request (one that adds a timeout, say) is
// judged at its calls as the request is, Action and all; and its result
// Action, when there is one, is the answer's action ("accept", "decline",
// "cancel"; "" on a failure).
//
// A function with no error result that returns, at its result Value, a
// constant for each outcome, the acceptance's differing from the
// decline's (a tri-state decision, say: Allow, Deny, Unknown; or a bool
// that a failure may leave true), carries
// the fact too, with Err -1 and the constants in Values (by outcome, as
// [encodeConst] spells them; "" where it varies).
//
// Bools says what the result Bool is on each outcome ("true", "false", or
// "" where it varies): a function may return true beside the request's
// error, or with no error at all (a helper that failopen reports for it
// keeps its fact), and a caller that reads only the bool goes ahead on
// it.
//
// A confirmer called through a value the package keeps (an interface or
// a function in a struct field, stored there by the package) is judged by
// the fact of each one stored there.
type Confirmer struct {
	Err, Bool, Result, Action int
	Decline, Cancel, Fail     string
	Bools                     [numOutcomes]string

	Value  int
	Values [numOutcomes]string
}

func (*Confirmer) AFact() {}
func (c *Confirmer) String() string {
	if c.Err < 0 {
		return fmt.Sprintf("confirmer value=%d accept=%s decline=%s cancel=%s fail=%s", c.Value,
			orAny(c.Values[accepted]), orAny(c.Values[declined]), orAny(c.Values[cancelled]), orAny(c.Values[failed]))
	}
	s := fmt.Sprintf("confirmer error=%d bool=%d decline=%s cancel=%s fail=%s", c.Err, c.Bool, orAny(c.Decline), orAny(c.Cancel), orAny(c.Fail))
	if c.Result >= 0 {
		s += fmt.Sprintf(" result=%d", c.Result)
	}
	if c.Action >= 0 {
		s += fmt.Sprintf(" action=%d", c.Action)
	}
	if c.Bool >= 0 {
		s += fmt.Sprintf(" bools=%s/%s/%s/%s", orAny(c.Bools[accepted]), orAny(c.Bools[declined]), orAny(c.Bools[cancelled]), orAny(c.Bools[failed]))
	}
	return s
}

func orAny(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// Predicate is the fact that a function tells an elicitation's outcome
// from its result: given the SDK's result as parameter Param, its bool
// result Result is Accept, Decline, Cancel or Fail ("true", "false", or
// "" when it varies) on each outcome (Fail: the result is nil).
type Predicate struct {
	Param, Result                 int
	Accept, Decline, Cancel, Fail string
}

func (*Predicate) AFact() {}
func (p *Predicate) String() string {
	return fmt.Sprintf("predicate param=%d result=%d accept=%s decline=%s cancel=%s fail=%s", p.Param, p.Result, orAny(p.Accept), orAny(p.Decline), orAny(p.Cancel), orAny(p.Fail))
}

// The ways a confirmation can end.
type outcome int

const (
	accepted outcome = iota
	declined
	cancelled
	failed
	numOutcomes
)

// action returns the Action an elicitation's result has on o.
func (o outcome) action() string {
	switch o {
	case accepted:
		return knowledge.ElicitAccept
	case declined:
		return knowledge.ElicitDecline
	case cancelled:
		return knowledge.ElicitCancel
	}
	return ""
}

// resultOn returns what the SDK's result of an elicitation is on o. The
// accepted one confirms: its form came back with every box ticked (the
// other accepted answers, a box unticked or left out, are judged apart,
// as the checkbox's).
func resultOn(o outcome) flow.Val {
	if o == failed {
		return flow.Nil
	}
	return flow.Val{Kind: flow.NonNil, Field: knowledge.ElicitActionField, FieldVal: constant.MakeString(o.action()), Consents: o == accepted}
}

// outcomeOf returns the outcome on which an elicitation's result is v.
func outcomeOf(v flow.Val) (outcome, bool) {
	for o := accepted; o < numOutcomes; o++ {
		if v.Equal(resultOn(o)) {
			return o, true
		}
	}
	return 0, false
}

// failureTag tags the error of a request that failed.
const failureTag = "failure"

// A site is one confirmation: a call that asks the user, with the values
// by which its outcome is told.
type site struct {
	at   ssa.Instruction // the call that asks, or the read of a hand-written handler's answer
	name string          // what asks, in messages

	// answer is the key of the answer a hand-written multi-round handler
	// reads (its request's key), or "" for a request or a confirmer: on
	// such a site the failed outcome is a missing answer.
	answer string
	key    ssa.Value // the key the answer is read under, or nil (a reader's)
	ok     ssa.Value // the comma-ok result of reading the answer, or nil

	err     ssa.Value  // the request's error, or nil
	ctx     ssa.Value  // the context the SDK's request is sent with, or nil
	result  ssa.Value  // the SDK's result (with an Action field), or nil
	outcome ssa.Value  // a confirmer's bool outcome, or nil
	action  ssa.Value  // a confirmer's or reader's action result, or nil
	value   ssa.Value  // a decider's value, or nil
	fact    *Confirmer // a confirmer's fact, or nil for the SDK's request

	// checkbox is the one property of the question's requested schema
	// when it is a boolean (rounds.Properties.Checkbox), or "".
	checkbox string
	// formChecked: the SDK checked an accepted answer against the
	// requested schema before returning it
	// (knowledge.ElicitChecksAcceptedForm), so a box the schema requires
	// cannot be missing from it.
	formChecked bool
	// counted is the value by which a hand-written handler counts its
	// input responses (len of the map, or the map compared with nil),
	// reading none: the site's outcomes bind it (countOn), or nil.
	counted ssa.Value
	// ranged: the answer is one a loop over the input responses reads,
	// under the key rangeKey (nil when the loop drops it).
	ranged   bool
	rangeKey ssa.Value

	// failures are the regions of the failed outcome by class, when it
	// is walked by class (walkFailures); a class that asks again has
	// none.
	failures [numFailures]*flow.Region
}

// bind returns the values of the site's results on o, or false when o
// cannot be told apart from the others (a confirmer whose error on o
// varies, with no bool beside it).
func (s *site) bind(o outcome, sentinelVal func(string) flow.Val) (map[ssa.Value]flow.Val, bool) {
	m := make(map[ssa.Value]flow.Val)
	if s.counted != nil {
		m[s.counted] = countOn(s.counted, o)
		return m, true
	}
	if s.action != nil {
		m[s.action] = flow.Val{Kind: flow.Known, Const: constant.MakeString(o.action())}
	}
	if s.fact == nil {
		if s.result != nil {
			m[s.result] = resultOn(o)
		}
		if s.ok != nil {
			m[s.ok] = flow.Bool(o != failed)
		}
		if s.err != nil {
			m[s.err] = flow.Nil
			if o == failed {
				m[s.err] = flow.Val{Kind: flow.NonNil, Tag: failureTag}
			}
		}
		return m, true
	}
	if s.fact.Err < 0 { // a decider: its value on o, if it is known
		k, ok := decodeConst(s.fact.Values[o])
		if !ok || s.value == nil {
			return nil, false
		}
		m[s.value] = flow.Val{Kind: flow.Known, Const: k}
		return m, true
	}
	if s.outcome != nil {
		m[s.outcome] = flow.Bool(o == accepted)
		if b := s.fact.Bools[o]; b != "" {
			m[s.outcome] = flow.Bool(b == "true")
		}
	}
	if s.result != nil {
		m[s.result] = resultOn(o)
	}
	if o == accepted {
		if s.err != nil {
			m[s.err] = flow.Nil
		}
		return m, true
	}
	desc := map[outcome]string{declined: s.fact.Decline, cancelled: s.fact.Cancel, failed: s.fact.Fail}[o]
	var v flow.Val
	switch {
	case desc == "nil":
		v = flow.Nil
	case desc == failureTag:
		v = flow.Val{Kind: flow.NonNil, Tag: failureTag}
	case strings.HasPrefix(desc, sentinelPrefix):
		v = sentinelVal(desc)
	case strings.HasPrefix(desc, wrapPrefix), strings.HasPrefix(desc, typePrefix):
		v = flow.Val{Kind: flow.NonNil, Tag: desc}
	case desc == "error" || o == failed:
		v = flow.Val{Kind: flow.NonNil}
	default:
		if s.outcome == nil {
			return nil, false
		}
	}
	if s.err != nil {
		m[s.err] = v
	}
	return m, true
}

// confirmation reports whether call asks the user to confirm, and how its
// outcome is told.
func (c *checker) confirmation(call ssa.CallInstruction) (*site, bool) {
	common := call.Common()
	v := call.Value()
	if v == nil {
		return nil, false
	}
	var fn *types.Func
	var callee *ssa.Function
	if common.IsInvoke() {
		fn = common.Method
	} else if callee = common.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	if fn != nil {
		if name, ok := knowledge.ElicitationRequest(fn.Origin()); ok {
			if urlMode(common.Args) {
				return nil, false
			}
			s := &site{at: call, name: name, checkbox: c.argsCheckbox(common.Args), formChecked: knowledge.ElicitChecksAcceptedForm(fn.Origin())}
			s.result, s.err = extract(v, 0), extract(v, 1)
			s.ctx = contextArg(common.Args)
			return s, true
		}
		if knowledge.IsElicitationResponseReader(fn) && len(common.Args) == 2 {
			return &site{at: call, name: check.FuncName(fn), answer: keyText(common.Args[1]), key: common.Args[1], result: v, checkbox: c.keyCheckbox(common.Args[1])}, true
		}
	}
	if r := c.readerFact(callee, fn); r != nil {
		var name string
		if fn != nil {
			name = check.FuncName(fn.Origin())
		} else {
			name = funcName(callee) // a function literal: only a local fact
		}
		s := &site{at: call, name: name, answer: "read by " + name}
		if r.Result >= 0 {
			s.result = extract(v, r.Result)
		}
		if r.OK >= 0 {
			s.ok = extract(v, r.OK)
		}
		if r.Result < 0 && r.Action >= 0 {
			s.action = extract(v, r.Action)
		}
		return s, s.result != nil || s.action != nil
	}
	f := c.confirmerFact(common, callee, fn)
	if f == nil {
		return nil, false
	}
	var name string
	switch {
	case fn != nil:
		name = check.FuncName(fn.Origin())
	case callee != nil:
		name = callee.Name()
	}
	return factSite(call, f, name), true
}

// contextArg returns the first of args that is a context.Context (the
// one a request is sent with), or nil.
func contextArg(args []ssa.Value) ssa.Value {
	for _, a := range args {
		if n, ok := types.Unalias(a.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == knowledge.ContextPath && n.Obj().Name() == "Context" {
			return a
		}
	}
	return nil
}

// heldConfirmations returns the confirmations of a call through a value
// the package keeps (an interface or a function in a struct field, a
// variable): one for each confirmer among the methods of the concrete
// types stored there, or the functions and literals stored there, so
// that each is judged. A call whose value may come from elsewhere (a
// parameter, another package) has none.
func (c *checker) heldConfirmations(call ssa.CallInstruction) []*site {
	common := call.Common()
	if call.Value() == nil || common.StaticCallee() != nil {
		return nil
	}
	held, complete := c.graph.HeldCallees(common)
	if !complete {
		return nil
	}
	var out []*site
	var seen []*Confirmer
	for _, h := range held {
		fn := h.Func
		f := c.local[fn]
		if f == nil || slices.ContainsFunc(seen, func(g *Confirmer) bool { return *g == *f }) {
			continue
		}
		seen = append(seen, f)
		name := calleeName(common)
		if obj, ok := fn.Object().(*types.Func); ok {
			name = check.FuncName(obj)
		}
		out = append(out, factSite(call, f, name))
	}
	return out
}

// factSite returns the confirmation of call, a call of a confirmer with
// the fact f, named name in messages.
func factSite(call ssa.CallInstruction, f *Confirmer, name string) *site {
	v := call.Value()
	s := &site{at: call, fact: f, name: name}
	if f.Err >= 0 {
		s.err = extract(v, f.Err)
	}
	if f.Bool >= 0 {
		s.outcome = extract(v, f.Bool)
	}
	if f.Result >= 0 {
		s.result = extract(v, f.Result)
	}
	if f.Action >= 0 {
		s.action = extract(v, f.Action)
	}
	if f.Err < 0 {
		s.value = extract(v, f.Value)
	}
	return s
}

// answerRead reports whether lookup reads the answer to one of a
// hand-written multi-round handler's questions from go-sdk's input
// responses (InputResponses[key]), and how its outcome is told.
func answerRead(lookup *ssa.Lookup) (*site, bool) {
	// go-sdk's answers are interfaces (nil when missing) holding the SDK's
	// result; mcp-go's are structs, read through server.ElicitationResponse.
	m, ok := lookup.X.Type().Underlying().(*types.Map)
	if !ok || !knowledge.IsInputResponseMap(lookup.X.Type()) || !types.IsInterface(m.Elem()) {
		return nil, false
	}
	s := &site{at: lookup, name: "InputResponses", answer: keyText(lookup.Index), key: lookup.Index, result: lookup}
	if lookup.CommaOk {
		s.result, s.ok = extract(lookup, 0), extract(lookup, 1)
	}
	if s.result != nil && assertedToOtherKind(s.result) {
		return nil, false
	}
	return s, true
}

// assertedToOtherKind reports whether the answer v is asserted to types,
// and none of them is an elicitation's result: it is the answer to
// another kind of request (roots, sampling), which confirms nothing.
func assertedToOtherKind(v ssa.Value) bool {
	asserted := false
	for _, ref := range *v.Referrers() {
		if ta, ok := ref.(*ssa.TypeAssert); ok {
			if knowledge.IsElicitResult(ta.AssertedType) {
				return false
			}
			asserted = true
		}
	}
	return asserted
}

// keyText spells the key of an answer in messages: the constant, or "a
// key".
func keyText(v ssa.Value) string {
	if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
		return k.Value.ExactString()
	}
	return "a key"
}

// confirmerFact returns the Confirmer fact of what a call runs: its
// static callee's, or, for an interface method, the one fact that every
// implementation of the package has.
func (c *checker) confirmerFact(common *ssa.CallCommon, callee *ssa.Function, fn *types.Func) *Confirmer {
	if callee != nil && c.local[callee] != nil {
		return c.local[callee]
	}
	if common.IsInvoke() {
		callees, _ := c.graph.Callees(common)
		var f *Confirmer
		for _, ce := range callees[1:] {
			g := c.local[ce.Func]
			if g == nil || f != nil && (g.Err != f.Err || g.Bool != f.Bool || g.Bools != f.Bools || g.Result != f.Result || g.Action != f.Action || g.Value != f.Value || g.Values != f.Values) {
				return nil
			}
			if f == nil {
				copied := *g
				f = &copied
				continue
			}
			f.Decline, f.Cancel, f.Fail = same(f.Decline, g.Decline), same(f.Cancel, g.Cancel), same(f.Fail, g.Fail)
		}
		return f
	}
	if fn != nil && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		f := new(Confirmer)
		if c.pass.ImportObjectFact(fn.Origin(), f) {
			return f
		}
	}
	return nil
}

func same(a, b string) string {
	if a == b {
		return a
	}
	return ""
}

// extract returns the i-th result of call value v: v itself when it has
// one result, else its Extract, or nil when the result is unused.
func extract(v ssa.Value, i int) ssa.Value {
	if _, ok := v.Type().(*types.Tuple); !ok {
		if i == 0 {
			return v
		}
		return nil
	}
	for _, r := range *v.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			return e
		}
	}
	return nil
}

// urlMode reports whether one of args is an elicitation request built with
// its Mode set to "url" (go-sdk's &mcp.ElicitParams{Mode: "url"}, mcp-go's
// mcp.ElicitationRequest{Params: mcp.ElicitationParams{Mode: "url"}}).
func urlMode(args []ssa.Value) bool {
	for _, a := range args {
		if u, ok := a.(*ssa.UnOp); ok && u.Op == token.MUL {
			a = u.X
		}
		if alloc, ok := a.(*ssa.Alloc); ok && storesURLMode(alloc, 0) {
			return true
		}
	}
	return false
}

func storesURLMode(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for fa, f := range flow.FieldAddrs(v) {
		if f.Name() != knowledge.ElicitModeField {
			if storesURLMode(fa, depth+1) {
				return true
			}
			continue
		}
		for stored := range flow.StoredAt(fa) {
			if isString(stored, knowledge.ElicitModeURL) {
				return true
			}
		}
	}
	return false
}

// literalAction returns the constant stored into the Action field of the
// elicitation result at addr, looking into the struct it embeds (mcp-go's
// ElicitationResponse), set field by field or stored whole from a literal
// of its own: the field's one store, in the block where the literal is
// built (an assignment on some paths only is the paths' to follow).
func literalAction(addr ssa.Value, depth int) (constant.Value, bool) {
	at, ok := addr.(ssa.Instruction)
	if !ok || depth > 2 {
		return nil, false
	}
	var actions []ssa.Value
	var action constant.Value
	for fa, f := range flow.FieldAddrs(addr) {
		switch {
		case f.Name() == knowledge.ElicitActionField:
			for stored := range flow.StoredAt(fa) {
				actions = append(actions, stored)
				if k, ok := flow.Unconvert(stored).(*ssa.Const); ok && fa.Block() == at.Block() && k.Value != nil && k.Value.Kind() == constant.String {
					action = k.Value
				}
			}
		case f.Embedded():
			if a, ok := literalAction(fa, depth+1); ok {
				return a, true
			}
			for stored := range flow.StoredAt(fa) {
				if load, ok := stored.(*ssa.UnOp); ok && load.Op == token.MUL {
					if a, ok := literalAction(load.X, depth+1); ok {
						return a, true
					}
				}
			}
		}
	}
	return action, len(actions) == 1 && action != nil
}

func isString(v ssa.Value, s string) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == s
}

// sentinelPrefix begins the tag of a sentinel error (a package-level
// error variable): "sentinel:PATH.NAME".
const sentinelPrefix = "sentinel:"

// knownValue is the paths' hook for values: a load of a package-level
// error variable is that sentinel error, and an elicitation's result
// built as a literal with a constant Action (a stand-in for a request
// that failed) has that Action.
func (c *checker) knownValue(v ssa.Value) (flow.Val, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok && knowledge.IsError(mi.Type()) {
		if tag, ok := errorTypeTag(mi.X.Type()); ok {
			return flow.Val{Kind: flow.NonNil, Tag: tag}, true
		}
		return flow.Val{}, false
	}
	if alloc, ok := v.(*ssa.Alloc); ok && knowledge.IsElicitResult(alloc.Type()) {
		if action, ok := literalAction(alloc, 0); ok {
			return flow.Val{Kind: flow.NonNil, Field: knowledge.ElicitActionField, FieldVal: action}, true
		}
		return flow.Val{}, false
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return flow.Val{}, false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || !knowledge.IsError(load.Type()) {
		return flow.Val{}, false
	}
	obj, ok := g.Object().(*types.Var)
	if !ok || obj.Pkg() == nil {
		return flow.Val{}, false
	}
	tag := sentinelPrefix + obj.Pkg().Path() + "." + obj.Name()
	switch {
	case knowledge.IsCannotAskError(obj):
		c.cannotAsk[tag] = true
	case usersPackage(obj.Pkg()):
		c.sentinels[tag] = true
	}
	return c.sentinel(tag), true
}

// typePrefix begins the tag of an error of a type of the user's packages
// ("type:*PATH.NAME", return &RefusedError{...}): errors.As to that type
// finds it, and a request's own failure is never one.
const typePrefix = "type:"

// errorTypeTag returns the tag of an error whose dynamic type is t, when
// t is a named type of the user's packages or a pointer to one.
func errorTypeTag(t types.Type) (string, bool) {
	star := ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !usersPackage(n.Obj().Pkg()) {
		return "", false
	}
	return typePrefix + star + n.Obj().Pkg().Path() + "." + n.Obj().Name(), true
}

// usersPackage reports whether pkg is one of the user's packages: neither
// the standard library's nor an SDK's. A request's own failure is none of
// their errors.
func usersPackage(pkg *types.Package) bool {
	return !knowledge.IsStandard(pkg) && !knowledge.InAPIModule(pkg.Path())
}

// sentinel returns the value of the sentinel error tagged tag.
func (c *checker) sentinel(tag string) flow.Val {
	return flow.Val{Kind: flow.NonNil, Tag: tag, Distinct: true}
}

// knownCall is the paths' hook for calls: functions that never return,
// errors.Is, and other packages' predicates by their facts.
func (c *checker) knownCall(call *ssa.CallCommon, args []flow.Val, eval func(ssa.Value) flow.Val) (flow.CallResult, bool) {
	var fn *types.Func
	if call.IsInvoke() {
		fn = call.Method
	} else if callee := call.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	if fn == nil {
		return flow.CallResult{}, false
	}
	n := call.Signature().Results().Len()
	switch {
	case knowledge.IsContextErr(fn) && len(args) == 1:
		if v, ok := c.contextErr(args[0]); ok {
			return flow.CallResult{Results: []flow.Val{v}}, true
		}
		return flow.CallResult{}, false
	case knowledge.NeverReturns(fn):
		return flow.CallResult{Results: make([]flow.Val, n), NoReturn: true}, true
	case knowledge.IsErrorsIs(fn) && len(args) == 2:
		return flow.CallResult{Results: []flow.Val{c.errorsIs(args[0], args[1])}}, true
	case knowledge.IsErrorsAs(fn) && len(args) == 2:
		return flow.CallResult{Results: []flow.Val{errorsAs(args[0], call.Args[1])}}, true
	case knowledge.IsErrorf(fn) && len(call.Args) == 2:
		if w, ok := wrapped(call, eval); ok {
			return flow.CallResult{Results: []flow.Val{w}}, true
		}
		return flow.CallResult{}, false
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg || call.IsInvoke() {
		return flow.CallResult{}, false
	}
	p := new(Predicate)
	if !c.pass.ImportObjectFact(fn.Origin(), p) || p.Param >= len(args) || p.Result >= n {
		return flow.CallResult{}, false
	}
	o, ok := outcomeOf(args[p.Param])
	if !ok {
		return flow.CallResult{}, false
	}
	res := make([]flow.Val, n)
	switch [...]string{p.Accept, p.Decline, p.Cancel, p.Fail}[o] {
	case "true":
		res[p.Result] = flow.Bool(true)
	case "false":
		res[p.Result] = flow.Bool(false)
	}
	return flow.CallResult{Results: res, Decider: check.FuncName(fn.Origin())}, true
}

// wrapPrefix begins the tag of an error that wraps a sentinel error
// ("wrap:sentinel:PATH.NAME", fmt.Errorf("...: %w", ErrDeclined)): errors.Is
// finds the sentinel in it, == does not.
const wrapPrefix = "wrap:"

// wrapped returns what fmt.Errorf(format, args...) gives when its format
// is a constant with a %w verb and the one error it wraps is a sentinel,
// or an error wrapping one (that sentinel, wrapped), or the request's own
// failure (a failure still: no sentinel of the user's is in it).
func wrapped(call *ssa.CallCommon, eval func(ssa.Value) flow.Val) (flow.Val, bool) {
	format, ok := call.Args[0].(*ssa.Const)
	if !ok || format.Value == nil || format.Value.Kind() != constant.String || strings.Count(constant.StringVal(format.Value), "%w") != 1 {
		return flow.Val{}, false
	}
	slice, ok := call.Args[1].(*ssa.Slice)
	if !ok {
		return flow.Val{}, false
	}
	var found *flow.Val
	for _, ref := range *slice.X.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for stored := range flow.StoredAt(ia) {
			if !knowledge.IsError(flow.Unconvert(stored).Type()) {
				continue
			}
			v := eval(flow.Unconvert(stored))
			switch {
			case v.Kind == flow.NonNil && v.Distinct:
				v = flow.Val{Kind: flow.NonNil, Tag: wrapPrefix + v.Tag}
			case v.Kind == flow.NonNil && (isFailure(v.Tag) || strings.HasPrefix(v.Tag, wrapPrefix)):
			default:
				return flow.Val{}, false
			}
			if found != nil {
				return flow.Val{}, false
			}
			found = &v
		}
	}
	if found == nil {
		return flow.Val{}, false
	}
	return *found, true
}

// errorsIs returns what errors.Is(err, target) is: false for a nil
// error; for two sentinels, whether they are the same, and for an error
// that wraps a sentinel, whether it is the target; false for a request's
// own failure and a sentinel of the user's packages.
func (c *checker) errorsIs(err, target flow.Val) flow.Val {
	switch {
	case err.IsNil():
		return flow.Bool(false)
	case err.Kind == flow.NonNil && strings.HasPrefix(err.Tag, wrapPrefix) && target.Kind == flow.NonNil && target.Distinct:
		return flow.Bool(strings.TrimPrefix(err.Tag, wrapPrefix) == target.Tag)
	case err.Kind == flow.NonNil && err.Distinct && target.Kind == flow.NonNil && target.Distinct:
		return flow.Bool(err.Tag == target.Tag)
	case err.Kind == flow.NonNil && isFailure(err.Tag) && target.Kind == flow.NonNil && target.Distinct:
		// A failure walked by class is the context's error of its own
		// class (wrapped or not), and never another class's.
		if f, ok := contextFailure(target.Tag); ok {
			return flow.Bool(failureOf(err.Tag) == f)
		}
		if c.neverTheFailure(target.Tag) {
			return flow.Bool(false)
		}
	}
	return flow.Val{}
}

// neverTheFailure reports whether the sentinel error tagged tag is never
// the request's own failure as failopen judges it: a sentinel of the
// user's packages, or, unless -failopen.unsupported asks for that policy,
// an SDK's error of a question that could not be sent at all.
func (c *checker) neverTheFailure(tag string) bool {
	return c.sentinels[tag] || !unsupported && c.cannotAsk[tag]
}

// knownEqual is the paths' hook for == and !=: the request's own failure
// is none of the sentinels that neverTheFailure names.
func (c *checker) knownEqual(x, y flow.Val) (eq, known bool) {
	if isFailure(y.Tag) {
		x, y = y, x
	}
	if x.Kind != flow.NonNil || !isFailure(x.Tag) || y.Kind != flow.NonNil || !y.Distinct {
		return false, false
	}
	// A failure of one class may be its context's error itself (or wrap
	// it: == is not known), and is never another class's.
	if f, ok := contextFailure(y.Tag); ok {
		return false, failureOf(x.Tag) != f
	}
	return false, c.neverTheFailure(y.Tag)
}

// errorsAs returns what errors.As(err, target) is, target pointing to a
// variable of a type of the user's packages: false for a nil error and
// for the request's own failure, true for an error of that type or one
// wrapping it.
func errorsAs(err flow.Val, target ssa.Value) flow.Val {
	p, ok := flow.Unconvert(target).Type().Underlying().(*types.Pointer)
	if !ok {
		return flow.Val{}
	}
	tag, user := errorTypeTag(p.Elem())
	switch {
	case err.IsNil():
		return flow.Bool(false)
	case !user || err.Kind != flow.NonNil:
	case err.Tag == tag || err.Tag == wrapPrefix+tag:
		return flow.Bool(true)
	case isFailure(err.Tag):
		return flow.Bool(false)
	}
	return flow.Val{}
}

// encodeConst spells the constant k for a fact: its kind and its exact
// value.
func encodeConst(k constant.Value) string {
	return strconv.Itoa(int(k.Kind())) + ":" + k.ExactString()
}

// decodeConst reads a constant that encodeConst spelled.
func decodeConst(s string) (constant.Value, bool) {
	kind, lit, ok := strings.Cut(s, ":")
	if !ok {
		return nil, false
	}
	var tok token.Token
	switch kind {
	case strconv.Itoa(int(constant.Bool)):
		return constant.MakeBool(lit == "true"), lit == "true" || lit == "false"
	case strconv.Itoa(int(constant.String)):
		tok = token.STRING
	case strconv.Itoa(int(constant.Int)):
		tok = token.INT
	default:
		return nil, false
	}
	k := constant.MakeFromLiteral(lit, tok, 0)
	return k, k.Kind() != constant.Unknown
}
