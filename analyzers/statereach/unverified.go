package statereach

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// The unverified analysis: in hand-written code, request state followed
// from where it is read to where it is used, and each use checked against
// the verifications that dominate it (dataflow.go).

// A summary is what a function does with the state-like values passed to
// its parameters: verifies them, or relies on them unverified.
type summary struct {
	all      bool           // a marked verifier: every parameter verifies
	verifies map[int]bool   // parameter passed to a verifier, and relied on nowhere unverified
	misuses  map[int]string // its first use no verification covers: "passes it to strings.Cut"
}

func (s *summary) verifierFact() *Verifier {
	if len(s.verifies) == 0 {
		return nil
	}
	v := &Verifier{}
	for i := range s.verifies {
		v.Params = append(v.Params, i)
	}
	sort.Ints(v.Params)
	return v
}

func (s *summary) misuseFact() *UsesUnverified {
	if len(s.misuses) == 0 {
		return nil
	}
	m := &UsesUnverified{}
	for i, how := range s.misuses {
		m.Params = append(m.Params, ParamUse{i, how})
	}
	sort.Slice(m.Params, func(i, j int) bool { return m.Params[i].Index < m.Params[j].Index })
	return m
}

// summary returns the summary of fn, a function of the package, or nil.
// A function met again while its summary is being computed (recursion)
// counts as doing nothing.
func (c *checker) summary(fn *types.Func) *summary {
	if s, ok := c.sums[fn]; ok {
		if s == nil {
			return &summary{}
		}
		return s
	}
	u := c.funcs[fn]
	if u == nil {
		return nil
	}
	if c.marked[fn] {
		s := &summary{all: true}
		c.sums[fn] = s
		return s
	}
	c.sums[fn] = nil // in progress
	f := &unitFlow{c: c, u: u, keys: make(map[*types.Var]stateKey)}
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		t := p.Type()
		if fn.Signature().Variadic() && i == params.Len()-1 {
			if sl, ok := types.Unalias(t).(*types.Slice); ok {
				t = sl.Elem()
			}
		}
		if stateLike(t) {
			f.keys[p] = stateKey{param: i}
		}
	}
	s := &summary{verifies: make(map[int]bool), misuses: make(map[int]string)}
	if len(f.keys) > 0 {
		if sfn := c.ssaFunc(u.node); sfn != nil {
			recv := len(sfn.Params) - params.Len()
			f.df = c.newDataflow(sfn, func(_ *dataflow, v ssa.Value) (stateKey, bool) {
				p, ok := v.(*ssa.Parameter)
				if !ok {
					return stateKey{}, false
				}
				i := slices.Index(sfn.Params, p) - recv // -1 - recv for a closure's
				if i < 0 {
					return stateKey{}, false
				}
				k, ok := f.keys[params.At(i)]
				return k, ok
			})
		}
		f.run()
		for _, e := range f.events {
			i := e.key.param
			switch {
			case e.verify:
				s.verifies[i] = true
			case !f.verified(e):
				if _, ok := s.misuses[i]; !ok {
					s.misuses[i] = e.how("it")
				}
			}
		}
		for i := range s.misuses {
			delete(s.verifies, i) // it relies on the parameter unverified somewhere
		}
	}
	c.sums[fn] = s
	return s
}

// stateLike reports whether a parameter of type t can receive request
// state: a string, a byte slice or an interface.
func stateLike(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	}
	return false
}

// reportUnverified reports the uses of RequestState in u that come before
// it is verified.
func (c *checker) reportUnverified(u *unit) {
	hasState := false
	for _, a := range u.accesses {
		if a.expr != "" && strings.HasSuffix(a.what, ".RequestState") {
			hasState = true
			break
		}
	}
	if !hasState {
		return
	}
	f := &unitFlow{c: c, u: u, report: true}
	if sfn := c.ssaFunc(u.node); sfn != nil {
		f.df = c.newDataflow(sfn, readSeed)
	}
	f.run()
	for _, e := range f.events {
		if e.verify || f.verified(e) || e.formats && f.df != nil && f.df.unmatched(u, e) {
			continue
		}
		how := e.how(e.subject)
		if e.standsIn {
			c.report(e.node, CategoryStandsIn, "%s %s, the one request state the package's results carry, and reads no answer: %s", u.name, how, standsInHint())
			continue
		}
		if strings.Contains(how, ", which ") {
			how += ","
		}
		c.report(e.node, CategoryUnverified, "%s %s before verifying its integrity: %s", u.name, how, verifyHint)
	}
}

// A stateKey names the request state a flow follows: a RequestState field
// read, as written, in report mode (param is -1), or a parameter of the
// function, in summary mode (read is "").
type stateKey struct {
	read  string
	param int
}

// A unitFlow follows request state through one unit, on its SSA form
// (dataflow.go): from RequestState fields (report mode) or from the
// parameters (summary mode).
type unitFlow struct {
	c      *checker
	u      *unit
	report bool
	keys   map[*types.Var]stateKey // summary mode: the state-like parameters
	df     *dataflow               // the SSA form of the unit, if it has one
	events []event                 // in source order
}

// An event is a use of a state value: it verifies it, or misuses it.
type event struct {
	pos     token.Pos
	node    ast.Node
	key     stateKey
	subject string // the value as named in messages
	verify  bool
	call    *ast.CallExpr // the verifier's call
	how     func(subject string) string
	// standsIn reports whether the use compares the state with the
	// package's one constant state where no answer is read (marker.go).
	standsIn bool
	// formats reports whether the use only formats the state into a
	// string or an error (fmt.Errorf, errors.New): it decides nothing,
	// so it is no misuse where a verification of the state has failed.
	formats bool
}

// verified reports whether e is no misuse because of a verification of
// the same state: one is known to have succeeded where e happens (its
// success edge dominates e in the SSA form), or e only quotes the state
// where its verification failed (the failure edge dominates e), such as
// in the error returned for rejected state.
func (f *unitFlow) verified(e event) bool {
	if f.df == nil {
		return false
	}
	for _, v := range f.events {
		if !v.verify || v.key != e.key {
			continue
		}
		switch f.df.verifies(v, e) {
		case succeeded:
			return true
		case failed:
			if e.formats {
				return true
			}
		}
	}
	return false
}

// source returns the key of e and how to name it, if e is a state value.
func (f *unitFlow) source(e ast.Expr) (key stateKey, subject string, ok bool) {
	info := f.c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if !f.report {
			return stateKey{}, "", false
		}
		if v, _ := stateRead(info, e); v != nil && knowledge.IsRequestStateField(v) {
			k := types.ExprString(e)
			return stateKey{read: k, param: -1}, k, true
		}
	}
	if f.df != nil {
		if k, ok := f.df.stateOf(e); ok {
			if f.report {
				return k, fmt.Sprintf("%s (%s)", shorten(types.ExprString(e)), k.read), true
			}
			return k, "it", true
		}
	}
	return stateKey{}, "", false
}

func (f *unitFlow) run() {
	// Classify each use.
	info := f.c.pass.TypesInfo
	f.c.inspectUnit(f.u, []ast.Node{(*ast.SelectorExpr)(nil), (*ast.Ident)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) {
		e, ok := cur.Node().(ast.Expr)
		if !ok || cur.ParentEdgeKind() == edge.AssignStmt_Lhs || cur.ParentEdgeKind() == edge.SelectorExpr_Sel {
			return
		}
		if call, ok := e.(*ast.CallExpr); ok && (info.Types[call.Fun].IsType() || f.df == nil) {
			return // a conversion is seen through from its operand
		}
		key, subject, ok := f.source(e)
		if !ok {
			return
		}
		if ev, ok := f.classify(cur); ok {
			ev.key, ev.subject = key, subject
			if ev.node == nil {
				ev.node = e
			}
			if ev.pos == token.NoPos {
				ev.pos = e.Pos()
			}
			f.events = append(f.events, ev)
		}
	})
	sort.SliceStable(f.events, func(i, j int) bool { return f.events[i].pos < f.events[j].pos })
}

// classify says what the use of a state value at cur does with it.
func (f *unitFlow) classify(cur inspector.Cursor) (event, bool) {
	info := f.c.pass.TypesInfo
	// See through parentheses and conversions.
	for {
		p := cur.Parent()
		switch pn := p.Node().(type) {
		case *ast.ParenExpr:
			cur = p
			continue
		case *ast.CallExpr:
			if cur.ParentEdgeKind() == edge.CallExpr_Args && info.Types[pn.Fun].IsType() {
				cur = p
				continue
			}
		}
		break
	}
	misuse := func(node ast.Node, how func(string) string) (event, bool) {
		return event{node: node, how: how}, true
	}
	p := cur.Parent().Node()
	switch kind := cur.ParentEdgeKind(); kind {
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		b := p.(*ast.BinaryExpr)
		other := b.Y
		if kind == edge.BinaryExpr_Y {
			other = b.X
		}
		switch b.Op {
		case token.EQL, token.NEQ:
			switch f.c.test(f.u, other) {
			case tellsRetry:
				return event{}, false
			case standsIn:
				return event{node: b, how: func(s string) string { return fmt.Sprintf("compares %s with %s", s, types.ExprString(other)) }, standsIn: true}, true
			}
			fallthrough
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			o := shorten(types.ExprString(other))
			return misuse(b, func(s string) string { return fmt.Sprintf("compares %s with %s", s, o) })
		case token.ADD: // builds a string, decides nothing
			return event{node: b, how: func(s string) string { return "concatenates " + s + " into a string" }, formats: true}, true
		}
	case edge.SwitchStmt_Tag:
		sw := p.(*ast.SwitchStmt)
		var cases []ast.Expr
		for _, s := range sw.Body.List {
			cases = append(cases, s.(*ast.CaseClause).List...)
		}
		switch f.c.test(f.u, cases...) {
		case tellsRetry:
			return event{}, false
		case standsIn:
			return event{node: cur.Node(), how: func(s string) string { return "switches on " + s }, standsIn: true}, true
		}
		return misuse(cur.Node(), func(s string) string { return "switches on " + s })
	case edge.IndexExpr_X:
		return misuse(p, func(s string) string { return "indexes " + s })
	case edge.SliceExpr_X:
		return misuse(p, func(s string) string { return "slices " + s })
	case edge.RangeStmt_X:
		return misuse(cur.Node(), func(s string) string { return "ranges over " + s })
	case edge.ReturnStmt_Results:
		if f.report {
			return misuse(cur.Node(), func(s string) string { return "returns " + s })
		}
	case edge.CallExpr_Args:
		return f.classifyCall(p.(*ast.CallExpr), cur.ParentEdgeIndex(), cur.Node())
	}
	return event{}, false
}

// classifyCall says what passing a state value as argument i of call does.
func (f *unitFlow) classifyCall(call *ast.CallExpr, i int, arg ast.Node) (event, bool) {
	info := f.c.pass.TypesInfo
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		if f.verifiesThroughValue(call, i) {
			return event{verify: true, node: arg, pos: arg.Pos(), call: call}, true
		}
		return event{}, false // a builtin (len), another function value
	}
	if fn.Pkg() == nil {
		return event{}, false
	}
	fn = fn.Origin()
	sig := fn.Signature()
	param := i
	if sig.Variadic() && param >= sig.Params().Len()-1 {
		param = sig.Params().Len() - 1
	}
	name := shorten(types.ExprString(call.Fun))
	if f.isVerifier(fn, param) {
		return event{verify: true, node: arg, pos: arg.Pos(), call: call}, true
	}
	if knowledge.ParsesOrFormats(fn.Pkg().Path()) {
		return event{node: arg, how: func(s string) string { return fmt.Sprintf("passes %s to %s", s, name) }, formats: knowledge.Formats(fn)}, true
	}
	var how string
	if fn.Pkg() == f.c.pass.Pkg {
		if s := f.c.summary(fn); s != nil {
			how = s.misuses[param]
		}
	} else {
		m := new(UsesUnverified)
		if f.c.pass.ImportObjectFact(fn, m) {
			for _, p := range m.Params {
				if p.Index == param {
					how = p.How
				}
			}
		}
	}
	if how != "" {
		return event{node: arg, how: func(s string) string { return fmt.Sprintf("passes %s to %s, which %s", s, name, how) }}, true
	}
	return event{}, false
}

// verifiesThroughValue reports whether call, a call of a function value,
// verifies the state passed as its argument i: the flow layer resolves the
// value to its functions (verify := codec.Open), and every one of them
// verifies it.
func (f *unitFlow) verifiesThroughValue(call *ast.CallExpr, i int) bool {
	if f.df == nil {
		return false
	}
	g := f.c.graph()
	site := g.CallAt(f.df.fn, call.Lparen)
	if site == nil {
		return false
	}
	callees, complete := g.CalleesOf(site)
	if !complete || len(callees) == 0 {
		return false
	}
	for _, c := range callees {
		if c.Obj == nil || c.Obj.Pkg() == nil || !f.isVerifier(c.Obj.Origin(), i) {
			return false
		}
	}
	return true
}

// isVerifier reports whether passing state as parameter i of fn verifies
// it.
func (f *unitFlow) isVerifier(fn *types.Func, i int) bool {
	if knowledge.IsSealOpen(fn) || knowledge.IsOpenMethod(fn) || f.c.flagged[qualifiedName(fn)] {
		return true
	}
	if fn.Pkg() == f.c.pass.Pkg {
		s := f.c.summary(fn)
		return s != nil && (s.all || s.verifies[i])
	}
	v := new(Verifier)
	return f.c.pass.ImportObjectFact(fn, v) && (v.Params == nil || slices.Contains(v.Params, i))
}

// shorten abbreviates a long expression for a message.
func shorten(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max-3] + "..."
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}
