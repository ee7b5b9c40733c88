package failopen

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// paths are the regions of a confirmation's outcomes: what the function
// reaches after it on each. A region is nil when the outcome cannot be
// told apart, or the walk gave up.
type paths [numOutcomes]*flow.Region

// walk returns the regions of the outcomes of s.
//
// A missing answer that leads to asking again (a request sent on an older
// session's path, or a confirmer) has no region: what follows is that
// request's to judge, as its own site.
func (c *checker) walk(s *site) (paths, bool) {
	var ps paths
	askedAgain := false
	for o := accepted; o < numOutcomes; o++ {
		bind, ok := s.bind(o, c.sentinel)
		if !ok {
			continue
		}
		var r *flow.Region
		if o == failed && c.splitsFailure(s) {
			r = c.walkFailures(s, bind)
		} else {
			r = c.paths.From(s.at, bind)
		}
		if !r.Complete {
			return ps, false
		}
		if o == failed && s.answer != "" && c.asksAgain(s, r) {
			askedAgain = true
			continue
		}
		ps[o] = r
	}
	return ps, ps[accepted] != nil && (ps[failed] != nil || askedAgain)
}

// asksAgain reports whether region r, after the answer site s, reaches a
// request to the user or a confirmer.
func (c *checker) asksAgain(s *site, r *flow.Region) bool {
	for b := range r.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && instr != s.at {
				if other, ok := c.confirmation(call); ok && other.answer == "" {
					return true
				}
			}
		}
	}
	return false
}

func (ps paths) reaches(o outcome, b *ssa.BasicBlock) bool { return ps[o] != nil && ps[o].Blocks[b] }

func (ps paths) returns(o outcome) []flow.Returned {
	if ps[o] == nil {
		return nil
	}
	return ps[o].Returns
}

// check judges one confirmation of fn: it reports a path of a failure (or
// a cancel) that goes ahead, and returns the Confirmer fact fn earns by
// it, if any.
func (c *checker) check(fn *ssa.Function, s *site) *Confirmer {
	if rewritesResults(fn) {
		return nil // what it returns is not what the paths see
	}
	ps, ok := c.walk(s)
	if !ok {
		return nil
	}
	switch {
	case s.counted != nil:
		c.checkCounted(fn, s, ps)
		return nil
	case s.ranged:
		c.checkOtherKey(fn, s, ps)
		return nil
	}
	handler := knowledge.ReturnsToSDK(fn.Signature)

	if unsupported && c.reporting {
		c.checkUnsupported(fn, s, ps, handler)
	}
	// The action itself first: a failure that reaches it may also return
	// what it returns.
	for _, o := range [...]outcome{failed, cancelled} {
		if b, act := ps.fallThrough(o, s); act != nil {
			c.reportProceeds(fn, s, o, b, act, ps)
			return nil
		}
	}
	if s.dropsDecider() {
		if b, act := ps.ignored(s); act != nil {
			c.reportIgnored(fn, s, b, act, ps)
			return nil
		}
	}
	if !handler {
		if i, k, ok := ps.decision(fn); ok {
			for _, o := range [...]outcome{failed, cancelled} {
				if bad := ps.giving(o, i, k); len(bad) > 0 {
					c.reportReturns(fn, s, o, bad, i, ps)
					// Its callers are judged by what it returns on
					// each outcome: the "go ahead" value it gives on
					// this one goes ahead there too.
					return ps.confirmer(fn)
				}
			}
		}
	}
	if c.reporting {
		c.checkUnticked(fn, s, ps, handler)
	}
	if handler {
		return nil
	}
	return ps.confirmer(fn)
}

// decision returns the result by which fn tells acceptance apart: the
// first result at which every accepting return gives the same constant k
// and some other return after the confirmation gives another value.
func (ps paths) decision(fn *ssa.Function) (int, flow.Val, bool) {
	for i := 0; i < fn.Signature.Results().Len(); i++ {
		k, ok := sameKnown(ps.returns(accepted), i)
		if !ok {
			continue
		}
		for o := declined; o < numOutcomes; o++ {
			if slices.ContainsFunc(ps.returns(o), func(r flow.Returned) bool { return !r.Results[i].Equal(k) }) {
				return i, k, true
			}
		}
	}
	return 0, flow.Val{}, false
}

// sameKnown returns the constant that every return gives at result i.
func sameKnown(rets []flow.Returned, i int) (flow.Val, bool) {
	var k flow.Val
	for j, r := range rets {
		v := r.Results[i]
		if v.Kind != flow.Known || j > 0 && !v.Equal(k) {
			return flow.Val{}, false
		}
		k = v
	}
	return k, len(rets) > 0
}

// giving returns the returns of outcome o that give the "go ahead" value k
// at result i with no error, each once.
func (ps paths) giving(o outcome, i int, k flow.Val) []*ssa.Return {
	var bad []*ssa.Return
	for _, r := range ps.returns(o) {
		if r.Results[i].Equal(k) && noError(r) && !slices.Contains(bad, r.Ret) {
			bad = append(bad, r.Ret)
		}
	}
	if o == cancelled && len(bad) > 0 && slices.ContainsFunc(ps.returns(declined), func(r flow.Returned) bool { return r.Results[i].Equal(k) }) {
		return nil // a decline gives it too: not a cancel's own way
	}
	return bad
}

// noError reports whether every error result of r is nil.
func noError(r flow.Returned) bool {
	for j, v := range r.Ret.Results {
		if knowledge.IsError(v.Type()) && !r.Results[j].IsNil() {
			return false
		}
	}
	return true
}

// fallThrough returns the first action (a call that does more than
// report) in a block that outcome o reaches and that the accepting path
// reaches and the declining path does not, where the paths join with
// nothing to tell them apart (no φ): o goes on as if the user had
// accepted.
func (ps paths) fallThrough(o outcome, s *site) (*ssa.BasicBlock, ssa.Instruction) {
	if ps[o] == nil || ps[declined] == nil && o == cancelled {
		return nil, nil
	}
	if o == failed { // a refusal's action first, then a timeout's, a cancel's
		for _, r := range s.failures {
			if r == nil {
				continue
			}
			if b, act := ps.goesOn(r, s); act != nil {
				return b, act
			}
		}
	}
	return ps.goesOn(ps[o], s)
}

// goesOn returns the first action in a block of r that the accepting path
// reaches and the declining path does not, with no φ that tells the paths
// apart: r goes on as the acceptance does.
func (ps paths) goesOn(r *flow.Region, s *site) (*ssa.BasicBlock, ssa.Instruction) {
	for _, b := range r.Order {
		if !ps.reaches(accepted, b) || ps.reaches(declined, b) || tellsApart(b) {
			continue
		}
		if a := s.firstAction(b); a != nil {
			return b, a
		}
	}
	return nil, nil
}

// dropsDecider reports whether the value that tells a decline from an
// acceptance at s is dropped or only reported: a confirmer's error that
// carries the decline, its bool beside an error that is nil on a decline,
// the result of the SDK's request, or a hand-written handler's answer.
func (s *site) dropsDecider() bool {
	switch {
	case s.fact == nil && s.answer != "":
		// A hand-written handler's answer, only told present or missing
		// (and logged): its action and its content are never read, here
		// or elsewhere in the function.
		return onlyReported(s.result, 0) && !s.readElsewhere()
	case s.fact == nil:
		return unused(s.result)
	case s.fact.Decline != "nil" && s.fact.Decline != "":
		return true
	}
	return s.fact.Bool >= 0 && onlyReported(s.outcome, 0)
}

// readElsewhere reports whether the function of the hand-written
// handler's site s may read its answer another way than at s: another
// read of the input responses, or a reader of the SDK's, under the same
// key or one not known, a range over them, or a call that is passed the
// request, its parameters or its responses, to any function but the
// SDK's own (a team's reader of the content, say).
func (s *site) readElsewhere() bool {
	key := func(k ssa.Value) bool { // whether k may be s's key
		a, b := flow.StringConst(k), flow.StringConst(s.key)
		return a == "" || b == "" || a == b
	}
	for _, b := range s.at.Parent().Blocks {
		for _, instr := range b.Instrs {
			if instr == s.at {
				continue
			}
			switch in := instr.(type) {
			case *ssa.Lookup:
				if knowledge.IsInputResponseMap(in.X.Type()) && key(in.Index) {
					return true
				}
			case *ssa.Range: // every answer, under every key
				if knowledge.IsInputResponseMap(in.X.Type()) {
					return true
				}
			case ssa.CallInstruction:
				common := in.Common()
				var obj *types.Func
				if callee := common.StaticCallee(); callee != nil {
					obj, _ = callee.Object().(*types.Func)
				}
				if obj != nil && knowledge.InputResponseHelper(obj) != "" {
					if len(common.Args) < 2 || key(common.Args[1]) {
						return true
					}
					continue
				}
				if obj != nil && obj.Pkg() != nil && knowledge.InAPIModule(obj.Pkg().Path()) {
					continue // the SDK's argument getters, its builders
				}
				if slices.ContainsFunc(common.Args, func(a ssa.Value) bool { return carriesAnswers(a.Type()) }) {
					return true
				}
			}
		}
	}
	return false
}

// carriesAnswers reports whether a value of type t holds a request's input
// responses: the map itself, or a struct (or pointer to one) with it a
// field or two down (a request, its parameters), embedded fields not
// counted.
func carriesAnswers(t types.Type) bool {
	seen := make(map[types.Type]bool)
	var carries func(t types.Type, depth int) bool
	carries = func(t types.Type, depth int) bool {
		if knowledge.IsInputResponseMap(t) {
			return true
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || depth >= 2 || seen[t] {
			return false
		}
		seen[t] = true
		for i := range st.NumFields() {
			f, down := st.Field(i), depth+1
			if f.Embedded() { // mcp-go's MultiRoundTripParams, in its parameters
				down = depth
			}
			if carries(f.Type(), down) {
				return true
			}
		}
		return false
	}
	return carries(t, 0)
}

// ignored returns the first action after the confirmation s when the
// answer decides nothing: its outcome is only logged or dropped, and the
// declining path reaches every block with an action that the accepting
// path reaches, and the same returns with the same results. b is the
// action's block (nil for one that follows s in its own block, which
// every outcome runs).
func (ps paths) ignored(s *site) (*ssa.BasicBlock, ssa.Instruction) {
	// A request's error is nil on both an acceptance and a decline, so
	// what is done with it cannot tell them apart; a confirmer's error
	// can, unless it is nil on a decline too, where it is used for more
	// than a report.
	errTells := s.fact != nil && s.fact.Decline != "nil"
	if s.fact != nil && (errTells && !onlyReported(s.err, 0) || !onlyReported(s.outcome, 0) || !onlyReported(s.result, 0)) {
		return nil, nil
	}
	if ps[accepted] == nil || ps[declined] == nil || !sameReturns(ps.returns(accepted), ps.returns(declined)) {
		return nil, nil
	}
	var in *ssa.BasicBlock
	at := s.at.Block()
	first := s.actionFrom(at, slices.Index(at.Instrs, s.at)+1)
	for _, b := range ps[accepted].Order {
		a := s.firstAction(b)
		if a == nil {
			continue
		}
		if !ps.reaches(declined, b) {
			return nil, nil
		}
		if first == nil {
			first, in = a, b
		}
	}
	return in, first
}

// onlyReported reports whether v is nil or only logged, formatted and
// compared with nil: nothing decides on what it says (an errors.Is or
// errors.As does, and so does any other use).
func onlyReported(v ssa.Value, depth int) bool {
	if v == nil {
		return true
	}
	if depth > 4 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if !flow.IsNilConst(r.X) && !flow.IsNilConst(r.Y) {
				return false
			}
		case *ssa.MakeInterface, *ssa.ChangeInterface:
			if !onlyReported(r.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.Store: // into a variadic argument's array
			ia, ok := r.Addr.(*ssa.IndexAddr)
			if !ok || r.Val != v || !onlyReported(ia.X, depth+1) {
				return false
			}
		case *ssa.Slice:
			if !onlyReported(r, depth+1) {
				return false
			}
		case *ssa.IndexAddr:
		case ssa.CallInstruction:
			var fn *types.Func
			if callee := r.Common().StaticCallee(); callee != nil {
				fn, _ = callee.Object().(*types.Func)
			}
			switch {
			case fn != nil && knowledge.IsLogging(fn):
			case fn != nil && knowledge.IsFormatting(fn) && r.Value() != nil && onlyReported(r.Value(), depth+1):
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unused reports whether v is nil or used by nothing but debug
// information.
func unused(v ssa.Value) bool {
	if v == nil {
		return true
	}
	for _, ref := range *v.Referrers() {
		if _, ok := ref.(*ssa.DebugRef); !ok {
			return false
		}
	}
	return true
}

// sameReturns reports whether a and b are the same returns with the same
// results.
func sameReturns(a, b []flow.Returned) bool {
	keys := func(rets []flow.Returned) []string {
		var out []string
		for _, r := range rets {
			k := fmt.Sprint(r.Ret.Pos())
			for _, v := range r.Results {
				k += "|" + v.String()
			}
			out = append(out, k)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return slices.Equal(keys(a), keys(b))
}

// firstAction returns the first call of b that does more than report.
func (s *site) firstAction(b *ssa.BasicBlock) ssa.Instruction { return s.actionFrom(b, 0) }

// actionFrom returns the first call of b, from instruction i on, that does
// more than report: a call passed the confirmation's error records how it
// ended (an audit trail, say), and is no action it guards; nor is a call
// that builds an input request (asking again).
func (s *site) actionFrom(b *ssa.BasicBlock, i int) ssa.Instruction {
	for _, instr := range b.Instrs[i:] {
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		common := call.Common()
		if _, builtin := common.Value.(*ssa.Builtin); builtin {
			continue
		}
		if s.err != nil && slices.ContainsFunc(common.Args, func(a ssa.Value) bool { return flow.Unconvert(a) == s.err }) {
			continue
		}
		if callee := common.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && (knowledge.IsReportOnly(obj) || knowledge.BuildsInputRequest(obj)) {
				continue
			}
		}
		return instr
	}
	return nil
}

// tellsApart reports whether a φ-node of b may tell the paths that join
// there apart: one with a constant on some edge (a flag, a mode), or one
// whose value reaches a branch's condition without passing through a
// call. A φ of data (the subject an accepted form edited, the drafted one
// otherwise), passed only to calls, tells nothing.
func tellsApart(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if slices.ContainsFunc(phi.Edges, func(v ssa.Value) bool { _, k := v.(*ssa.Const); return k }) ||
			decides(phi, make(map[ssa.Value]bool)) {
			return true
		}
	}
	return false
}

// decides reports whether v, or a value computed from it without a call,
// is a branch's condition: directly, or loaded back from where it is
// stored (a local, a field of one). What the function returns, or passes
// to a call, decides nothing here.
func decides(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef, *ssa.Return:
		case ssa.CallInstruction:
			// An argument: what the call does with it is the call's.
		case *ssa.If, *ssa.MapUpdate, *ssa.Send:
			return true
		case *ssa.Store:
			if r.Val == v && loadedDecides(r.Addr, seen) {
				return true
			}
		case ssa.Value:
			if decides(r, seen) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// loadedDecides reports whether what is loaded from addr, or from the
// local or field it is a field of, decides; an address that is neither a
// local nor a field of one, or that is captured or passed on, may be read
// anywhere, and is taken to.
func loadedDecides(addr ssa.Value, seen map[ssa.Value]bool) bool {
	for range 4 {
		for _, ref := range *addr.Referrers() {
			switch r := ref.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL || decides(r, seen) {
					return true
				}
			case *ssa.Store, *ssa.FieldAddr, *ssa.DebugRef:
			default: // a closure that captures it, a call passed its address
				return true
			}
		}
		switch a := addr.(type) {
		case *ssa.Alloc:
			return false
		case *ssa.FieldAddr:
			addr = a.X
		default:
			return true
		}
	}
	return true
}

// confirmer returns fn's fact when it returns the confirmation's outcome:
// an error result that is nil on every accepting return and not nil on
// every failing one, and possibly a bool beside it that is false on every
// failing return.
func (ps paths) confirmer(fn *ssa.Function) *Confirmer {
	res := fn.Signature.Results()
	acc, fail := ps.returns(accepted), ps.returns(failed)
	if len(acc) == 0 || len(fail) == 0 {
		return nil
	}
	if !hasError(res) {
		return ps.decider(fn)
	}
	for e := 0; e < res.Len(); e++ {
		if !knowledge.IsError(res.At(e).Type()) {
			continue
		}
		// An acceptance may still end in an error (a box left unticked
		// is a decline, a write after it may fail): nil on some accepting
		// return, and not nil on the others.
		nilOnAccept := slices.ContainsFunc(acc, func(r flow.Returned) bool { return r.Results[e].IsNil() }) &&
			!slices.ContainsFunc(acc, func(r flow.Returned) bool { return !r.Results[e].IsNil() && r.Results[e].Kind != flow.NonNil })
		setOnFailure := !slices.ContainsFunc(fail, func(r flow.Returned) bool { return r.Results[e].IsNil() || flow.IsNilConst(r.Ret.Results[e]) })
		nilOnFailure := !slices.ContainsFunc(fail, func(r flow.Returned) bool { return !r.Results[e].IsNil() })
		if !nilOnAccept || !setOnFailure && !nilOnFailure {
			continue
		}
		f := &Confirmer{Err: e, Bool: -1, Result: ps.resultAt(fn), Action: ps.actionAt(fn), Decline: ps.errorOn(declined, e), Cancel: ps.errorOn(cancelled, e), Fail: ps.errorOn(failed, e)}
		// The bool that tells acceptance: not false on every accepting
		// return, and a constant on every failing one (false, or true
		// beside the error: a caller that reads only the bool goes
		// ahead on it).
		for b := 0; b < res.Len(); b++ {
			if !isBool(res.At(b).Type()) {
				continue
			}
			onFailure, known := sameKnown(fail, b)
			alwaysFalse := !slices.ContainsFunc(acc, func(r flow.Returned) bool { return !isFalse(r.Results[b]) })
			if !known || alwaysFalse {
				continue
			}
			var bools [numOutcomes]string
			for o := accepted; o < numOutcomes; o++ {
				if k, ok := sameKnown(ps.returns(o), b); ok && len(ps.returns(o)) > 0 {
					bools[o] = k.Const.ExactString()
				}
			}
			if isFalse(onFailure) || slices.ContainsFunc(bools[declined:], func(w string) bool { return w != bools[accepted] }) {
				f.Bool, f.Bools = b, bools
				break
			}
		}
		if !setOnFailure && (f.Bool < 0 || f.Bools[accepted] != "true" || f.Bools[declined] != "false") {
			// An error that stays nil on a failure tells nothing: the
			// bool beside it must tell the acceptance from a decline.
			continue
		}
		return f
	}
	return nil
}

// resultAt returns the result of fn that is the SDK's elicitation result
// on every return of every outcome (nil on a failure), or -1.
func (ps paths) resultAt(fn *ssa.Function) int {
	return ps.resultGiving(fn, knowledge.IsElicitResult, resultOn)
}

// rewritesResults reports whether fn defers a function literal that
// captures one of its named results: that function may change what fn
// returns after its return statements (clear an error, say), so they do
// not say what fn returns.
func rewritesResults(fn *ssa.Function) bool {
	// The result slots: a function with defers returns what it loads
	// back from them.
	var named []*ssa.Alloc
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
					if a, ok := load.X.(*ssa.Alloc); ok {
						named = append(named, a)
					}
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok && slices.ContainsFunc(mc.Bindings, func(v ssa.Value) bool {
				a, ok := v.(*ssa.Alloc)
				return ok && slices.Contains(named, a)
			}) {
				return true
			}
		}
	}
	return false
}

// hasError reports whether one of res is an error.
func hasError(res *types.Tuple) bool {
	for i := range res.Len() {
		if knowledge.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// decider returns the fact of fn, a function with no error result, when
// its one result is a constant on every return of the acceptance, of the
// decline and of the failure, and the decline's differs from the
// acceptance's: what the result says of each outcome (the failure's may
// be the acceptance's: its callers go ahead on it).
func (ps paths) decider(fn *ssa.Function) *Confirmer {
	if fn.Signature.Results().Len() != 1 {
		return nil
	}
	f := &Confirmer{Err: -1, Bool: -1, Result: -1, Action: -1, Value: 0}
	var ks [numOutcomes]flow.Val
	for o := accepted; o < numOutcomes; o++ {
		k, ok := sameKnown(ps.returns(o), 0)
		if !ok || k.Const == nil {
			continue
		}
		ks[o] = k
		f.Values[o] = encodeConst(k.Const)
	}
	if f.Values[accepted] == "" || f.Values[failed] == "" ||
		f.Values[declined] == "" || ks[declined].Equal(ks[accepted]) {
		return nil
	}
	return f
}

// actionAt returns the string result of fn that is the answer's action
// on every return of every outcome ("" on a failure), or -1.
func (ps paths) actionAt(fn *ssa.Function) int {
	return ps.resultGiving(fn, isStringType, func(o outcome) flow.Val {
		return flow.Val{Kind: flow.Known, Const: constant.MakeString(o.action())}
	})
}

// resultGiving returns the first result of fn, of a type that typeOK
// accepts, that is want(o) on every return of every outcome o, or -1.
func (ps paths) resultGiving(fn *ssa.Function, typeOK func(types.Type) bool, want func(outcome) flow.Val) int {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if !typeOK(res.At(i).Type()) {
			continue
		}
		same := true
		for o := accepted; o < numOutcomes && same; o++ {
			w := want(o)
			same = !slices.ContainsFunc(ps.returns(o), func(r flow.Returned) bool { return !r.Results[i].Equal(w) })
		}
		if same {
			return i
		}
	}
	return -1
}

// errorOn says what error result e is on every return of outcome o, in
// the words of [Confirmer].
func (ps paths) errorOn(o outcome, e int) string {
	rets := ps.returns(o)
	if len(rets) == 0 {
		return ""
	}
	var desc string
	for j, r := range rets {
		v := r.Results[e]
		var d string
		switch {
		case v.IsNil():
			d = "nil"
		case v.Kind == flow.NonNil && (v.Distinct || strings.HasPrefix(v.Tag, wrapPrefix) || strings.HasPrefix(v.Tag, typePrefix)):
			d = v.Tag
		case v.Kind == flow.NonNil && isFailure(v.Tag):
			d = failureTag
		case !flow.IsNilConst(r.Ret.Results[e]):
			d = "error"
		}
		if j > 0 && d != desc {
			if d != "" && desc != "" && d != "nil" && desc != "nil" {
				desc = "error"
				continue
			}
			return ""
		}
		desc = d
	}
	return desc
}

func isFalse(v flow.Val) bool {
	b, ok := v.Truth()
	return ok && !b
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// predicate returns fn's Predicate fact: for its first parameter that is
// an elicitation's result, the first bool result that is known on the
// accepting outcome and differs on another.
func (c *checker) predicate(fn *ssa.Function) *Predicate {
	if fn.Blocks == nil {
		return nil
	}
	for i, param := range fn.Params {
		if !knowledge.IsElicitResult(param.Type()) {
			continue
		}
		var sums [numOutcomes]flow.CallResult
		for o := accepted; o < numOutcomes; o++ {
			args := make([]flow.Val, len(fn.Params))
			args[i] = resultOn(o)
			sums[o] = c.paths.Summary(fn, args, 0)
		}
		res := fn.Signature.Results()
		for r := 0; r < res.Len(); r++ {
			if !isBool(res.At(r).Type()) {
				continue
			}
			var words [numOutcomes]string
			differs := false
			for o := accepted; o < numOutcomes; o++ {
				if b, ok := sums[o].Results[r].Truth(); ok {
					words[o] = constant.MakeBool(b).String()
					differs = differs || o != accepted && words[o] != words[accepted]
				}
			}
			if words[accepted] != "" && differs {
				return &Predicate{Param: i, Result: r, Accept: words[accepted], Decline: words[declined], Cancel: words[cancelled], Fail: words[failed]}
			}
		}
		return nil
	}
	return nil
}
