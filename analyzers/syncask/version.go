package syncask

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A branch is a conditional jump on the protocol version, with what each
// of its two edges says of the session.
type branch struct {
	block           *ssa.BasicBlock
	onTrue, onFalse Side // the edge to Succs[0], and to Succs[1]
}

// versionChecks finds the package's functions that return a version
// check (to a fixed point, as one calls another) and exports their facts.
// The version branches of a function are classified when a guard is first
// asked of it ([checker.sides]).
func (c *checker) versionChecks() {
	c.checks = flow.Fixpoint(c.funcs, func(fn *ssa.Function, known map[*ssa.Function]*VersionCheck) (*VersionCheck, bool) {
		if len(known) != c.checksSeen {
			clear(c.classified) // a call's side depends on the checks found so far
			c.checksSeen = len(known)
		}
		c.checks = known
		return c.returnsCheck(fn)
	})
	clear(c.classified)
	if c.pass.Pkg.Name() != "main" {
		for fn, v := range c.checks {
			if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
				c.pass.ExportObjectFact(obj, v)
			}
		}
	}
}

// branches returns the version branches of fn.
func (c *checker) branches(fn *ssa.Function) []branch {
	var out []branch
	for _, b := range fn.Blocks {
		ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		t, f := c.classify(ifs.Cond, 0)
		if t != Mixed || f != Mixed {
			out = append(out, branch{b, t, f})
		}
	}
	return out
}

// returnsCheck returns fn's fact if it returns a bool that every return
// computes as the same kind of version check. A constant returned right
// after a nil check (if ss == nil { return true }) says nothing of a
// version and is left out.
func (c *checker) returnsCheck(fn *ssa.Function) (*VersionCheck, bool) {
	res := fn.Signature.Results()
	if res.Len() != 1 || !isBool(res.At(0).Type()) {
		return nil, false
	}
	var fact *VersionCheck
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if _, isConst := ret.Results[0].(*ssa.Const); isConst && afterNilCheck(b) {
			continue
		}
		t, f := c.classify(ret.Results[0], 0)
		if t == Mixed && f == Mixed {
			return nil, false
		}
		if fact != nil && (fact.True != t || fact.False != f) {
			return nil, false
		}
		fact = &VersionCheck{True: t, False: f}
	}
	return fact, fact != nil
}

// afterNilCheck reports whether block b is entered only from a branch on a
// comparison with nil.
func afterNilCheck(b *ssa.BasicBlock) bool {
	if len(b.Preds) != 1 {
		return false
	}
	return isNilCheck(b.Preds[0])
}

// isNilCheck reports whether block b ends with a branch on a comparison of
// a value with nil (the short circuit of params == nil || ...).
func isNilCheck(b *ssa.BasicBlock) bool {
	ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cond := ifs.Cond
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return false
	}
	return flow.IsNilConst(bin.X) || flow.IsNilConst(bin.Y)
}

// classify tells what a boolean value being true, and false, says of the
// session's protocol version. Results are memoized by value and depth (a
// chain of && and || is a chain of phis, each edge classified for both
// outcomes); the memo is cleared while the package's version checks are
// still being found, since a call's side depends on them.
func (c *checker) classify(v ssa.Value, depth int) (onTrue, onFalse Side) {
	k := classifyKey{v, depth}
	if s, ok := c.classified[k]; ok {
		return s[0], s[1]
	}
	t, f := c.computeClassify(v, depth)
	c.classified[k] = [2]Side{t, f}
	return t, f
}

type classifyKey struct {
	v     ssa.Value
	depth int
}

func (c *checker) computeClassify(v ssa.Value, depth int) (onTrue, onFalse Side) {
	if depth > 6 {
		return Mixed, Mixed
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		switch x.Op {
		case token.NOT:
			t, f := c.classify(x.X, depth+1)
			return f, t
		case token.MUL:
			if f := loadedField(x); f != nil && knowledge.IsVersionField(f) && isBool(f.Type()) {
				return Modern, Legacy // mcp-go's RequestProtocolInfo.Modern
			}
		}
	case *ssa.BinOp:
		return c.compare(x)
	case *ssa.Phi:
		return c.classifyPhi(x, depth)
	case *ssa.Call:
		obj := staticObj(&x.Call)
		if obj == nil {
			break
		}
		if knowledge.IsVersionCheckFunc(obj) {
			return Modern, Legacy
		}
		if callee := x.Call.StaticCallee(); callee != nil && c.checks[callee] != nil {
			return c.checks[callee].True, c.checks[callee].False
		}
		if obj.Pkg() != c.pass.Pkg {
			var fact VersionCheck
			if c.pass.ImportObjectFact(obj, &fact) {
				return fact.True, fact.False
			}
		}
		for _, a := range x.Call.Args {
			if c.isVersion(a, 0) {
				return Either, Either
			}
		}
	}
	return Mixed, Mixed
}

// classifyPhi classifies a phi of booleans (a && b, a || b): the edges
// that may be true (false) must all say the same.
func (c *checker) classifyPhi(phi *ssa.Phi, depth int) (Side, Side) {
	side := func(want bool) Side {
		s, set := Mixed, false
		for i, e := range phi.Edges {
			var es Side
			if k, ok := e.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool {
				if constant.BoolVal(k.Value) != want || isNilCheck(phi.Block().Preds[i]) {
					// This edge never gives the value wanted, or gives it
					// on a nil session or params, which has no version.
					continue
				}
				es = Mixed
			} else {
				t, f := c.classify(e, depth+1)
				es = f
				if want {
					es = t
				}
			}
			if set && es != s {
				return Mixed
			}
			s, set = es, true
		}
		return s
	}
	return side(true), side(false)
}

// compare classifies a comparison of a protocol version with a constant.
func (c *checker) compare(b *ssa.BinOp) (Side, Side) {
	op := b.Op
	x, y := b.X, b.Y
	if t, f, ok := c.compareInitializeParams(b); ok {
		return t, f
	}
	if !c.isVersion(x, 0) {
		x, y = y, x
		switch op { // mirror the comparison
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
		if !c.isVersion(x, 0) {
			return Mixed, Mixed
		}
	}
	k, ok := y.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		switch op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			if c.isVersion(y, 0) {
				return Mixed, Mixed
			}
			return Either, Either // against a version computed elsewhere
		}
		return Mixed, Mixed
	}
	s := constant.StringVal(k.Value)
	if s == "" {
		return Mixed, Mixed
	}
	m := knowledge.ModernProtocolVersion
	side := func(op token.Token) Side {
		switch op {
		case token.LSS:
			if s <= m {
				return Legacy
			}
		case token.LEQ, token.EQL:
			if s < m {
				return Legacy
			}
			if op == token.EQL {
				return Modern
			}
		case token.GTR:
			if s >= m {
				return Modern
			}
		case token.GEQ:
			if s >= m {
				return Modern
			}
		}
		return Mixed
	}
	negate := map[token.Token]token.Token{token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR}
	switch op {
	case token.EQL:
		return side(token.EQL), Mixed
	case token.NEQ:
		return Mixed, side(token.EQL)
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return side(op), side(negate[op])
	}
	return Mixed, Mixed
}

// compareInitializeParams classifies a comparison of go-sdk's
// (*ServerSession).InitializeParams() with nil. go-sdk refuses a request
// only on a session whose parameters are set at 2026-07-28 or later, so
// the edge where they are nil is as safe as a legacy one (polymatx/opsgate
// asks on it after returning InputRequests when ip != nil && ip.ProtocolVersion
// >= "2026-07-28"); the other edge says nothing.
func (c *checker) compareInitializeParams(b *ssa.BinOp) (onTrue, onFalse Side, ok bool) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return Mixed, Mixed, false
	}
	x, y := b.X, b.Y
	if k, isConst := x.(*ssa.Const); isConst && k.IsNil() {
		x, y = y, x
	}
	if k, isConst := y.(*ssa.Const); !isConst || !k.IsNil() || !isInitializeParams(x) {
		return Mixed, Mixed, false
	}
	if b.Op == token.EQL {
		return Legacy, Mixed, true
	}
	return Mixed, Legacy, true
}

// isInitializeParams reports whether v is the result of a call of go-sdk's
// (*ServerSession).InitializeParams.
func isInitializeParams(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	obj := staticObj(&call.Call)
	return obj != nil && knowledge.IsInitializeParams(obj)
}

// isVersion reports whether v is a protocol version: a call of an SDK
// function that returns one, the ProtocolVersion field of an SDK type,
// or a phi of such values.
func (c *checker) isVersion(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if obj := staticObj(&x.Call); obj != nil && knowledge.IsVersionFunc(obj) {
			return true
		}
	case *ssa.UnOp:
		if f := loadedField(x); f != nil && knowledge.IsVersionField(f) && !isBool(f.Type()) {
			return true
		}
	case *ssa.Field:
		if s, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < s.NumFields() {
			f := s.Field(x.Field)
			return knowledge.IsVersionField(f) && !isBool(f.Type())
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !c.isVersion(e, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.ChangeType:
		return c.isVersion(x.X, depth+1)
	case *ssa.Convert:
		return c.isVersion(x.X, depth+1)
	}
	return false
}

// loadedField returns the field that a load *(&x.f) reads, or nil.
func loadedField(u *ssa.UnOp) *types.Var {
	if u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	return flow.Field(fa.X.Type(), fa.Field)
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// guard tells what the version branches of fn say at block b, and, for a
// function literal, at the point where its closure is made in the
// functions that enclose it: whether every path to it takes a legacy edge
// (guarded), or a modern one (the code only runs on modern sessions).
func (c *checker) guard(fn *ssa.Function, b *ssa.BasicBlock) (guarded, modernOnly bool) {
	for fn != nil && b != nil {
		g := c.sides(fn)
		if g.legacy[b.Index] {
			return true, false
		}
		if g.modern[b.Index] {
			modernOnly = true
		}
		mc := c.graph.Prog.Closures[fn]
		if mc == nil {
			break
		}
		fn, b = mc.Parent(), mc.Block()
	}
	return false, modernOnly
}

// blockSides says, for each block of a function, whether every path from
// the entry to it takes a legacy edge of a version branch (or one whose
// direction is unknown), and whether every path takes a modern one.
type blockSides struct {
	legacy, modern []bool
}

// sides computes fn's blockSides, once, with the flow layer's coverage by
// a set of edges: a switch on the version, whose cases join in one body,
// counts like one branch.
func (c *checker) sides(fn *ssa.Function) *blockSides {
	if g, ok := c.blockSides[fn]; ok {
		return g
	}
	g := &blockSides{legacy: make([]bool, len(fn.Blocks)), modern: make([]bool, len(fn.Blocks))}
	c.blockSides[fn] = g
	ifs := c.branches(fn)
	if len(ifs) == 0 {
		return g
	}
	edges := make(map[flow.Edge]Side)
	for _, br := range ifs {
		edges[flow.Edge{From: br.block, To: br.block.Succs[0]}] = br.onTrue
		if br.block.Succs[1] != br.block.Succs[0] {
			edges[flow.Edge{From: br.block, To: br.block.Succs[1]}] = br.onFalse
		}
	}
	g.legacy = flow.Covered(fn, func(e flow.Edge) bool { return edges[e].guards() })
	g.modern = flow.Covered(fn, func(e flow.Edge) bool { return edges[e] == Modern })
	return g
}
