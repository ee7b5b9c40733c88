package failopen

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports confirmations that go ahead when asking fails.
var Analyzer = &analysis.Analyzer{
	Name:      "failopen",
	Doc:       analysisdoc.MustExtract(doc, "failopen"),
	URL:       check.URL("failopen"),
	Requires:  []*analysis.Analyzer{check.Analyzer, ssabuild.Analyzer, suppress.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Confirmer)},
}

// unsupported is the value of the flag -failopen.unsupported.
var unsupported bool

func init() {
	Analyzer.Flags.BoolVar(&unsupported, "unsupported", false,
		"also report going ahead without asking when the client declares no elicitation capability")
}

// Categories of findings.
const (
	// CategoryReturns: the failure returns the "go ahead" value.
	CategoryReturns = "returns"
	// CategoryProceeds: the failure goes on to what acceptance reaches.
	CategoryProceeds = "proceeds"
	// CategoryUnsupported: a client without elicitation gets the "go
	// ahead" value (with -failopen.unsupported).
	CategoryUnsupported = "unsupported"
)

// Confirmer is the fact that a function asks the user to confirm and
// returns the outcome: its result Err is nil only on the paths where the
// user accepted, and is not nil whenever the request failed; its result
// Bool, when there is one (Bool >= 0), tells acceptance when Err is nil,
// and is false whenever Err is not nil.
type Confirmer struct {
	Err  int
	Bool int
}

func (*Confirmer) AFact() {}
func (c *Confirmer) String() string {
	return fmt.Sprintf("confirmer error=%d bool=%d", c.Err, c.Bool)
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	funcs := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.SSA).Program().Funcs
	c := &checker{pass: pass, rep: suppress.New(pass)}

	// The package's confirmers, to a fixed point: a function that
	// returns the outcome of a confirmer it calls is one too.
	c.local = flow.Fixpoint(funcs, func(fn *ssa.Function, known map[*ssa.Function]*Confirmer) (*Confirmer, bool) {
		c.local = known
		f := c.analyze(fn)
		return f, f != nil
	})
	for fn, f := range c.local {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, f)
		}
	}

	c.reporting = true
	for _, fn := range funcs {
		if !inTestFile(pass, fn) {
			c.analyze(fn)
		}
	}
	return nil, nil
}

// inTestFile reports whether fn is written in a _test.go file: a test's
// confirmation confirms nothing real.
func inTestFile(pass *analysis.Pass, fn *ssa.Function) bool {
	f := pass.Fset.File(fn.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

type checker struct {
	pass      *analysis.Pass
	rep       *suppress.Reporter
	local     map[*ssa.Function]*Confirmer
	reporting bool
}

// A site is one confirmation: a call that asks the user, with the values
// by which its outcome is tested.
type site struct {
	call ssa.CallInstruction
	name string // what asks, in messages

	err     ssa.Value // the request's error, or nil
	result  ssa.Value // the SDK's result (with an Action field), or nil
	outcome ssa.Value // a confirmer's bool outcome, or nil
}

// analyze checks each confirmation of fn (reporting, in the second pass)
// and returns fn's Confirmer fact, if it has one.
func (c *checker) analyze(fn *ssa.Function) *Confirmer {
	var fact *Confirmer
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			s, ok := c.confirmation(call)
			if !ok {
				continue
			}
			if f := c.check(fn, s); f != nil && fact == nil {
				fact = f
			}
		}
	}
	return fact
}

// confirmation reports whether call asks the user to confirm, and how its
// outcome is told.
func (c *checker) confirmation(call ssa.CallInstruction) (*site, bool) {
	common := call.Common()
	var fn *types.Func
	var callee *ssa.Function
	if common.IsInvoke() {
		fn = common.Method
	} else if callee = common.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	v := call.Value()
	if v == nil {
		return nil, false
	}
	if fn != nil {
		if name, ok := knowledge.ElicitationRequest(fn.Origin()); ok {
			if urlMode(common.Args) {
				return nil, false
			}
			s := &site{call: call, name: name}
			s.result, s.err = extract(v, 0), extract(v, 1)
			return s, true
		}
	}
	var f *Confirmer
	if callee != nil && c.local[callee] != nil {
		f = c.local[callee]
	} else if fn != nil && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		f = new(Confirmer)
		if !c.pass.ImportObjectFact(fn.Origin(), f) {
			f = nil
		}
	}
	if f == nil {
		return nil, false
	}
	s := &site{call: call, name: check.FuncName(fn.Origin())}
	if callee != nil && fn == nil {
		s.name = callee.Name()
	}
	s.err = extract(v, f.Err)
	if f.Bool >= 0 {
		s.outcome = extract(v, f.Bool)
	}
	return s, true
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
	for _, r := range *v.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if fieldName(fa) != knowledge.ElicitModeField {
			if storesURLMode(fa, depth+1) {
				return true
			}
			continue
		}
		for _, fr := range *fa.Referrers() {
			if st, ok := fr.(*ssa.Store); ok && isString(st.Val, knowledge.ElicitModeURL) {
				return true
			}
		}
	}
	return false
}

// fieldName returns the name of the field that fa addresses.
func fieldName(fa *ssa.FieldAddr) string {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return ""
	}
	return s.Field(fa.Field).Name()
}

func isString(v ssa.Value, s string) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == s
}

// The three ways a confirmation can end.
type outcome int

const (
	accepted outcome = iota
	declined
	failed
)

// A truth is what a condition is known to be on a path.
type truth int

const (
	unknown    truth = iota
	yes              //
	no               //
	infeasible       // the path cannot get there (a nil result dereferenced)
)

func (t truth) not() truth {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return t
}

func truthOf(b bool) truth {
	if b {
		return yes
	}
	return no
}

// eval tells what the boolean v is on the path o, at the end of block cur
// entered from block from.
func (s *site) eval(v ssa.Value, o outcome, cur, from *ssa.BasicBlock) truth {
	if s.outcome != nil && v == s.outcome {
		switch o {
		case accepted:
			return yes
		default: // false on a decline, and false whenever the error is not nil
			return no
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.Bool {
			return truthOf(constant.BoolVal(v.Value))
		}
	case *ssa.UnOp:
		if v.Op == token.NOT {
			return s.eval(v.X, o, cur, from).not()
		}
	case *ssa.Phi:
		if v.Block() == cur && from != nil {
			for i, p := range cur.Preds {
				if p == from {
					return s.eval(v.Edges[i], o, nil, nil)
				}
			}
		}
	case *ssa.Call:
		// errors.Is(err, target) is false while the error is nil.
		if callee, ok := v.Call.Value.(*ssa.Function); ok && o != failed && s.err != nil && len(v.Call.Args) == 2 && unwrap(v.Call.Args[0]) == s.err {
			if obj, ok := callee.Object().(*types.Func); ok && knowledge.IsErrorsIs(obj) {
				return no
			}
		}
	case *ssa.BinOp:
		if v.Op != token.EQL && v.Op != token.NEQ {
			return unknown
		}
		t := s.compare(v.X, v.Y, o, cur, from)
		if t == unknown {
			t = s.compare(v.Y, v.X, o, cur, from)
		}
		if v.Op == token.NEQ {
			t = t.not()
		}
		return t
	}
	return unknown
}

// compare tells whether x == y on the path o, where x may be the
// request's error, its result, the result's Action, or the outcome.
func (s *site) compare(x, y ssa.Value, o outcome, cur, from *ssa.BasicBlock) truth {
	x = unwrap(x)
	k, ok := unwrap(y).(*ssa.Const)
	if !ok {
		return unknown
	}
	switch {
	case s.err != nil && x == s.err && k.IsNil():
		return truthOf(o != failed)
	case s.result != nil && x == s.result && k.IsNil():
		return truthOf(o == failed)
	case s.result != nil && k.Value != nil && k.Value.Kind() == constant.String && s.isAction(x):
		if o == failed {
			return infeasible
		}
		isAccept := constant.StringVal(k.Value) == knowledge.ElicitAccept
		switch {
		case o == accepted:
			return truthOf(isAccept)
		case isAccept:
			return no
		}
		return unknown // declined: "decline" or "cancel"
	case s.outcome != nil && x == s.outcome && k.Value != nil && k.Value.Kind() == constant.Bool:
		t := s.eval(s.outcome, o, cur, from)
		if !constant.BoolVal(k.Value) {
			t = t.not()
		}
		return t
	}
	return unknown
}

// unwrap strips conversions that keep a value's identity.
func unwrap(v ssa.Value) ssa.Value {
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

// isAction reports whether v loads the Action field of the request's
// result (through embedded fields, as mcp-go's ElicitationResult embeds
// ElicitationResponse).
func (s *site) isAction(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok || fieldName(fa) != knowledge.ElicitActionField {
		return false
	}
	for x := fa.X; ; {
		if x == s.result {
			return true
		}
		inner, ok := x.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		x = inner.X
	}
}

// when says how the confirmation fails on the path of r, in messages.
func (r *region) when() string {
	if r.onError {
		return "fails with an error it does not stop on"
	}
	return "fails"
}

// testsError reports whether cond tells errors apart: a call that is
// passed the request's error, or a comparison of it, possibly negated.
func (s *site) testsError(cond ssa.Value) bool {
	if s.err == nil {
		return false
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		return c.Op == token.NOT && s.testsError(c.X)
	case *ssa.BinOp:
		return unwrap(c.X) == s.err || unwrap(c.Y) == s.err
	case *ssa.Call:
		return slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return unwrap(a) == s.err })
	}
	return false
}

// A region is what a path reaches after the confirmation.
type region struct {
	blocks  map[*ssa.BasicBlock]bool
	returns []*ssa.Return
	order   []*ssa.BasicBlock // blocks in the order first reached
	// onError: the path branches on what the error is (errors.Is(err,
	// ErrDeclined), err == ErrCancelled), taking both ways.
	onError bool
}

// walk follows the paths of outcome o from the confirmation's block, taking
// at each branch only the edges the outcome allows. It does not go back
// into the confirmation's block (a loop asks again).
func (s *site) walk(o outcome) *region {
	r := &region{blocks: make(map[*ssa.BasicBlock]bool)}
	start := s.call.Block()
	type edge struct{ from, to *ssa.BasicBlock }
	seen := make(map[edge]bool)
	var stack []edge
	push := func(from *ssa.BasicBlock, succs ...*ssa.BasicBlock) {
		for _, to := range succs {
			e := edge{from, to}
			if to != start && !seen[e] {
				seen[e] = true
				stack = append(stack, e)
			}
		}
	}
	follow := func(b, from *ssa.BasicBlock) {
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.If:
			switch s.eval(last.Cond, o, b, from) {
			case yes:
				push(b, b.Succs[0])
			case no:
				push(b, b.Succs[1])
			case unknown:
				push(b, b.Succs...)
				if s.testsError(last.Cond) {
					r.onError = true
				}
			}
		case *ssa.Return:
			r.returns = append(r.returns, last)
		case *ssa.Panic:
		default:
			push(b, b.Succs...)
		}
	}
	follow(start, nil)
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !r.blocks[e.to] {
			r.blocks[e.to] = true
			r.order = append(r.order, e.to)
		}
		follow(e.to, e.from)
	}
	return r
}

// check judges one confirmation of fn: it reports a failure path that
// goes ahead, and returns the Confirmer fact fn earns by it, if any.
func (c *checker) check(fn *ssa.Function, s *site) *Confirmer {
	acc, fail := s.walk(accepted), s.walk(failed)
	dec := &region{blocks: map[*ssa.BasicBlock]bool{}}
	if s.result != nil || s.outcome != nil {
		dec = s.walk(declined)
	}
	handler := knowledge.ReturnsToSDK(fn.Signature)

	if unsupported && c.reporting && !handler {
		if i, k, ok := s.decision(fn, acc, dec, fail); ok {
			c.checkUnsupported(fn, s, i, k)
		}
	}
	if !handler {
		if rets, i, ok := s.returnsAcceptance(fn, acc, dec, fail); ok {
			c.reportReturns(fn, s, rets, i, dec, fail)
			return nil
		}
	}
	if j := fallThrough(acc, dec, fail); j != nil {
		c.reportProceeds(fn, s, j, fail)
		return nil
	}
	if handler {
		return nil
	}
	return s.confirmerFact(fn, acc, fail)
}

// returnsAcceptance finds the returns of the failure path that give the
// "go ahead" value at the function's decision result (see decision), with
// no error.
func (s *site) returnsAcceptance(fn *ssa.Function, acc, dec, fail *region) ([]*ssa.Return, int, bool) {
	i, k, ok := s.decision(fn, acc, dec, fail)
	if !ok {
		return nil, 0, false
	}
	var bad []*ssa.Return
	for _, r := range fail.returns {
		if s.constEqual(r.Results[i], failed, k) && s.noError(r) {
			bad = append(bad, r)
		}
	}
	return bad, i, len(bad) > 0
}

// decision returns the result by which fn tells acceptance apart: the
// first result at which every accepting return gives the same constant k
// and some other return after the confirmation gives another value.
func (s *site) decision(fn *ssa.Function, acc, dec, fail *region) (int, *ssa.Const, bool) {
	for i := 0; i < fn.Signature.Results().Len(); i++ {
		k, ok := s.sameConst(acc.returns, i, accepted)
		if !ok {
			continue
		}
		if slices.ContainsFunc(dec.returns, func(r *ssa.Return) bool { return !s.constEqual(r.Results[i], declined, k) }) ||
			slices.ContainsFunc(fail.returns, func(r *ssa.Return) bool { return !s.constEqual(r.Results[i], failed, k) }) {
			return i, k, true
		}
	}
	return 0, nil, false
}

// constOn returns the constant that v is on the path o: a constant, or a
// condition that the path decides (the outcome, res.Action == "accept").
func (s *site) constOn(v ssa.Value, o outcome) (*ssa.Const, bool) {
	if k, ok := unwrap(v).(*ssa.Const); ok {
		return k, true
	}
	if isBool(v.Type()) {
		switch s.eval(v, o, nil, nil) {
		case yes:
			return ssa.NewConst(constant.MakeBool(true), v.Type()), true
		case no:
			return ssa.NewConst(constant.MakeBool(false), v.Type()), true
		}
	}
	return nil, false
}

// sameConst returns the constant that every return gives at result i on
// the path o.
func (s *site) sameConst(rets []*ssa.Return, i int, o outcome) (*ssa.Const, bool) {
	var k *ssa.Const
	for _, r := range rets {
		c, ok := s.constOn(r.Results[i], o)
		if !ok || k != nil && !sameValue(c, k) {
			return nil, false
		}
		k = c
	}
	return k, k != nil
}

func (s *site) constEqual(v ssa.Value, o outcome, k *ssa.Const) bool {
	c, ok := s.constOn(v, o)
	return ok && sameValue(c, k)
}

func sameValue(c, k *ssa.Const) bool {
	if c.Value == nil || k.Value == nil {
		return c.Value == nil && k.Value == nil
	}
	return c.Value.Kind() == k.Value.Kind() && constant.Compare(c.Value, token.EQL, k.Value)
}

// noError reports whether every error result of r is nil.
func (s *site) noError(r *ssa.Return) bool {
	for _, v := range r.Results {
		if !knowledge.IsError(v.Type()) {
			continue
		}
		if c, ok := unwrap(v).(*ssa.Const); !ok || !c.IsNil() {
			return false
		}
	}
	return true
}

// fallThrough returns the first action (a call that does more than
// report) in a block that the failure path reaches and that the accepting
// path reaches and the declining path does not, where the paths join with
// nothing to tell them apart (no φ): the failure goes on as if the user
// had accepted.
func fallThrough(acc, dec, fail *region) ssa.Instruction {
	for _, b := range fail.order {
		if !acc.blocks[b] || dec.blocks[b] || hasPhi(b) {
			continue
		}
		if a := action(b); a != nil {
			return a
		}
	}
	return nil
}

// action returns the first call of b that does more than report.
func action(b *ssa.BasicBlock) ssa.Instruction {
	for _, instr := range b.Instrs {
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		common := call.Common()
		if _, builtin := common.Value.(*ssa.Builtin); builtin {
			continue
		}
		if callee := common.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && knowledge.IsReportOnly(obj) {
				continue
			}
		}
		return instr
	}
	return nil
}

func hasPhi(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			return true
		}
	}
	return false
}

// confirmerFact returns fn's fact when it returns the confirmation's
// outcome: an error result that is nil on every accepting return and not
// nil on every failing one, and possibly a bool beside it that is false on
// every failing return.
func (s *site) confirmerFact(fn *ssa.Function, acc, fail *region) *Confirmer {
	res := fn.Signature.Results()
	if len(acc.returns) == 0 || len(fail.returns) == 0 {
		return nil
	}
	for e := 0; e < res.Len(); e++ {
		if !knowledge.IsError(res.At(e).Type()) {
			continue
		}
		nilOnAccept := !slices.ContainsFunc(acc.returns, func(r *ssa.Return) bool { return !isNil(r.Results[e]) })
		setOnFailure := !slices.ContainsFunc(fail.returns, func(r *ssa.Return) bool { return isNil(r.Results[e]) })
		if !nilOnAccept || !setOnFailure {
			continue
		}
		f := &Confirmer{Err: e, Bool: -1}
		for b := 0; b < res.Len(); b++ {
			if !isBool(res.At(b).Type()) {
				continue
			}
			falseOnFailure := !slices.ContainsFunc(fail.returns, func(r *ssa.Return) bool { return !s.isFalse(r.Results[b], failed) })
			alwaysFalse := !slices.ContainsFunc(acc.returns, func(r *ssa.Return) bool { return !s.isFalse(r.Results[b], accepted) })
			if falseOnFailure && !alwaysFalse {
				f.Bool = b
				break
			}
		}
		return f
	}
	return nil
}

func isNil(v ssa.Value) bool {
	c, ok := unwrap(v).(*ssa.Const)
	return ok && c.IsNil()
}

func (s *site) isFalse(v ssa.Value, o outcome) bool {
	c, ok := s.constOn(v, o)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

const advice = "a timeout, a disconnect or a refused request must not confirm; treat every failure as a decline, or ask through a resolver, where a decline aborts the call"

func (c *checker) reportReturns(fn *ssa.Function, s *site, bad []*ssa.Return, i int, dec, fail *region) {
	if !c.reporting {
		return
	}
	what := c.text(bad[0].Results[i])
	d := analysis.Diagnostic{
		Pos: s.call.Pos(), End: callEnd(fn, s.call), Category: CategoryReturns,
		Message: fmt.Sprintf("when %s %s, %s returns %s, as when the user accepts: %s", s.name, fail.when(), funcName(fn), what, advice),
	}
	if fix, ok := c.declineFix(fn, bad, i, dec, fail); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.rep.Report(d)
}

func (c *checker) reportProceeds(fn *ssa.Function, s *site, act ssa.Instruction, fail *region) {
	if !c.reporting {
		return
	}
	// act is where the code that only acceptance reaches begins (its first
	// call that does more than report), not necessarily what it changes:
	// the message says so.
	where := ""
	if pos := act.Pos(); pos.IsValid() {
		where = fmt.Sprintf(", from line %d", c.pass.Fset.Position(pos).Line)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: s.call.Pos(), End: callEnd(fn, s.call), Category: CategoryProceeds,
		Message: fmt.Sprintf("when %s %s, %s goes on into the code that only acceptance reaches%s: %s", s.name, fail.when(), funcName(fn), where, advice),
	})
}

// callEnd returns the end of the call expression of call, or its start.
func callEnd(fn *ssa.Function, call ssa.CallInstruction) token.Pos {
	if ce := callExpr(fn, call.Pos()); ce != nil {
		return ce.End()
	}
	return call.Pos()
}

func callExpr(fn *ssa.Function, lparen token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	if syn := fn.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok && ce.Lparen == lparen {
				found = ce
			}
			return found == nil
		})
	}
	return found
}

// text spells v in a message: the constant, or "a value".
func (c *checker) text(v ssa.Value) string {
	if k, ok := unwrap(v).(*ssa.Const); ok {
		if k.Value == nil {
			return "nil"
		}
		return k.Value.ExactString()
	}
	return "a value"
}

// declineFix returns the results of the failure's returns replaced by
// those of a return that declines (on the declining path, or a failure's
// return that does not give the "go ahead" value), when they mention no
// local variable.
func (c *checker) declineFix(fn *ssa.Function, bad []*ssa.Return, i int, dec, fail *region) (analysis.SuggestedFix, bool) {
	returns := returnStmts(fn)
	var model *ast.ReturnStmt
	for _, r := range append(slices.Clip(dec.returns), fail.returns...) {
		if slices.Contains(bad, r) {
			continue
		}
		if rs := returns[r.Pos()]; rs != nil && len(rs.Results) > 0 && c.closed(rs.Results) {
			model = rs
			break
		}
	}
	if model == nil {
		return analysis.SuggestedFix{}, false
	}
	var text bytes.Buffer
	for k, e := range model.Results {
		if k > 0 {
			text.WriteString(", ")
		}
		if err := format.Node(&text, c.pass.Fset, e); err != nil {
			return analysis.SuggestedFix{}, false
		}
	}
	fix := analysis.SuggestedFix{Message: "Return the decline outcome when asking fails"}
	for _, r := range bad {
		rs := returns[r.Pos()]
		if rs == nil || len(rs.Results) == 0 {
			return analysis.SuggestedFix{}, false
		}
		fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{
			Pos: rs.Results[0].Pos(), End: rs.Results[len(rs.Results)-1].End(), NewText: text.Bytes(),
		})
	}
	return fix, true
}

// returnStmts maps the positions of fn's return statements to them.
func returnStmts(fn *ssa.Function) map[token.Pos]*ast.ReturnStmt {
	m := make(map[token.Pos]*ast.ReturnStmt)
	if syn := fn.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok && n != syn {
				return false
			}
			if rs, ok := n.(*ast.ReturnStmt); ok {
				m[rs.Return] = rs
			}
			return true
		})
	}
	return m
}

// closed reports whether es mention only package-level, imported and
// predeclared names: their text means the same anywhere in the function.
func (c *checker) closed(es []ast.Expr) bool {
	ok := true
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				ok = false
			case *ast.SelectorExpr:
				ast.Inspect(n.X, func(m ast.Node) bool {
					if id, isID := m.(*ast.Ident); isID && !c.global(id) {
						ok = false
					}
					return ok
				})
				return false
			case *ast.KeyValueExpr:
				if _, isID := n.Key.(*ast.Ident); isID {
					ast.Inspect(n.Value, func(m ast.Node) bool {
						if id, isID := m.(*ast.Ident); isID && !c.global(id) {
							ok = false
						}
						return ok
					})
					return false
				}
			case *ast.Ident:
				if !c.global(n) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

func (c *checker) global(id *ast.Ident) bool {
	obj := c.pass.TypesInfo.Uses[id]
	switch obj := obj.(type) {
	case nil:
		return false
	case *types.PkgName:
		return true
	default:
		return obj.Parent() == types.Universe || obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope()
	}
}

// funcName names fn in messages.
func funcName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok {
		return check.FuncName(obj)
	}
	if p := fn.Parent(); p != nil {
		return "a function literal in " + funcName(p)
	}
	return fn.Name()
}
