package failopen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

const advice = "a timeout, a disconnect or a refused request must not confirm; treat every failure as a decline, or ask through a resolver, where a decline aborts the call"

// handWrittenAdvice is the advice of a finding in a hand-written
// multi-round handler.
func handWrittenAdvice() string {
	return "only an accepted answer confirms: a missing answer is asked for again (return the input request), a decline or a cancel stops; or ask through a resolver, where the runtime does both (" + check.DocURL("migrate.md") + ")"
}

// cancelAdvice is the advice of a cancel that goes ahead.
const cancelAdvice = "a dismissed question is not consent; go ahead only on \"accept\", or ask through a resolver, where a cancel aborts the call"

func (s *site) advice(o outcome) string {
	switch {
	case s.answer != "":
		return handWrittenAdvice()
	case o == cancelled:
		return cancelAdvice
	}
	return advice
}

// when says, in messages, how the confirmation ends on the path of o,
// whose region is r: on a failure walked by class, the classes that reach
// what reaches says, when a refusal does not.
func (s *site) when(o outcome, r *flow.Region, reaches func(*flow.Region) bool) string {
	if o == failed {
		if class := s.failing(reaches); class != "" {
			return "when " + class
		}
		if s.failures[refusedFailure] != nil {
			r = s.failures[refusedFailure]
		}
	}
	switch {
	case s.answer != "" && o == cancelled:
		return "when the user cancels the question " + s.answer
	case s.answer != "":
		return "when the answer " + s.answer + " is missing"
	case o == cancelled:
		return "when the user cancels " + s.name
	}
	for _, ifs := range r.Branches {
		if s.testsError(ifs.Cond) {
			return "when " + s.name + " fails with an error it does not stop on"
		}
	}
	return "when " + s.name + " fails"
}

// testsError reports whether cond tells errors apart: a call that is
// passed the request's error (errors.Is), or a comparison of it with
// something other than nil, possibly negated.
func (s *site) testsError(cond ssa.Value) bool {
	if s.err == nil {
		return false
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		return c.Op == token.NOT && s.testsError(c.X)
	case *ssa.BinOp:
		x, y := flow.Unconvert(c.X), flow.Unconvert(c.Y)
		return x == s.err && !flow.IsNilConst(y) || y == s.err && !flow.IsNilConst(x)
	case *ssa.Call:
		return slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return flow.Unconvert(a) == s.err })
	}
	return false
}

// decided returns the words naming the helper that decided the path, or
// "".
func decided(via string) string {
	if via == "" {
		return ""
	}
	return ", past what " + via + " decides"
}

func (c *checker) reportReturns(fn *ssa.Function, s *site, o outcome, bad []*ssa.Return, i int, ps paths) {
	if !c.reporting {
		return
	}
	k, _ := sameKnown(ps.returns(accepted), i) // the "go ahead" value
	gives := func(r *flow.Region) bool {
		var one paths
		one[o] = r
		return slices.ContainsFunc(one.giving(o, i, k), func(ret *ssa.Return) bool { return slices.Contains(bad, ret) })
	}
	d := analysis.Diagnostic{
		Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryReturns,
		Message: fmt.Sprintf("%s, %s returns %s, as when the user accepts: %s", s.when(o, ps[o], gives), funcName(fn), text(bad[0].Results[i]), s.advice(o)),
	}
	if fix, ok := c.declineFix(fn, bad, ps); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.rep.Report(d)
}

func (c *checker) reportProceeds(fn *ssa.Function, s *site, o outcome, b *ssa.BasicBlock, act ssa.Instruction, ps paths) {
	if !c.reporting {
		return
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryProceeds,
		Message: fmt.Sprintf("%s, %s goes on into the code that only acceptance reaches%s%s: %s", s.when(o, ps[o], func(r *flow.Region) bool { return r.Blocks[b] }), funcName(fn), from(act), decided(ps[o].Via[b]), s.advice(o)),
	})
}

// ignoredAdvice is the advice of a confirmation whose answer decides
// nothing.
const ignoredAdvice = "the answer decides nothing here: stop unless the user accepted (return the error, or the decline outcome), or ask through a resolver, where a decline aborts the call"

func (c *checker) reportIgnored(fn *ssa.Function, s *site, b *ssa.BasicBlock, act ssa.Instruction, ps paths) {
	if !c.reporting {
		return
	}
	via := ""
	if b != nil {
		via = decided(ps[accepted].Via[b])
	}
	what := s.name
	if s.answer != "" {
		what = "the question " + s.answer
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: s.at.Pos(), End: exprEnd(fn, s.at.Pos()), Category: CategoryIgnored,
		Message: fmt.Sprintf("when the user declines %s, %s goes on into the code that acceptance reaches%s%s: %s", what, funcName(fn), from(act), via, ignoredAdvice),
	})
}

// from says where the code that only acceptance reaches begins, at act:
// its first call that does more than report, not necessarily what it
// changes, named by what it calls (never by a line: a message is part of
// a baseline entry and of a SARIF fingerprint, which a moved line must
// not change).
func from(act ssa.Instruction) string {
	call, ok := act.(ssa.CallInstruction)
	if !ok {
		return ""
	}
	if name := calleeName(call.Common()); name != "" {
		return ", from its call of " + name
	}
	return ""
}

// calleeName names what common calls in messages: a function or method
// by check.FuncName's spelling, an interface method by its interface, a
// function value by its variable or field, or "" when it has no name.
func calleeName(common *ssa.CallCommon) string {
	if common.IsInvoke() {
		return types.TypeString(common.Value.Type(), types.RelativeTo(nil)) + "." + common.Method.Name()
	}
	if callee := common.StaticCallee(); callee != nil {
		if callee.Parent() != nil {
			return check.LiteralIn(flow.FuncName(callee))
		}
		return flow.FuncName(callee)
	}
	switch v := common.Value.(type) {
	case *ssa.FieldAddr, *ssa.Field, *ssa.UnOp:
		if name := fieldName(v); name != "" {
			return "the function in field " + name
		}
	case *ssa.Parameter:
		return "the function " + v.Name()
	}
	return ""
}

// fieldName names the struct field that v loads a function from, or "".
func fieldName(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	switch f := v.(type) {
	case *ssa.FieldAddr:
		if st, ok := types.Unalias(f.X.Type().Underlying()).(*types.Pointer); ok {
			if s, ok := st.Elem().Underlying().(*types.Struct); ok {
				return s.Field(f.Field).Name()
			}
		}
	case *ssa.Field:
		if s, ok := f.X.Type().Underlying().(*types.Struct); ok {
			return s.Field(f.Field).Name()
		}
	}
	return ""
}

// exprEnd returns the end of the call or index expression that begins
// (at its parenthesis or bracket) at pos, or pos.
func exprEnd(fn *ssa.Function, pos token.Pos) token.Pos {
	end := pos
	if syn := fn.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if n.Lparen == pos {
					end = n.End()
				}
			case *ast.IndexExpr:
				if n.Lbrack == pos {
					end = n.End()
				}
			}
			return end == pos
		})
	}
	return end
}

// text spells v in a message: the constant, or "a value".
func text(v ssa.Value) string {
	if k, ok := flow.Unconvert(v).(*ssa.Const); ok {
		if k.Value == nil {
			return "nil"
		}
		return k.Value.ExactString()
	}
	return "a value"
}

// declineFix returns the results of the bad returns (each once) replaced
// by those of a return that declines (on a declining path, or a failing
// one that does not give the "go ahead" value), when they mention no
// local variable.
func (c *checker) declineFix(fn *ssa.Function, bad []*ssa.Return, ps paths) (analysis.SuggestedFix, bool) {
	returns := returnStmts(fn)
	var model *ast.ReturnStmt
	for _, o := range [...]outcome{declined, cancelled, failed} {
		for _, r := range ps.returns(o) {
			if model != nil || slices.Contains(bad, r.Ret) {
				continue
			}
			if rs := returns[r.Ret.Pos()]; rs != nil && len(rs.Results) > 0 && c.closed(rs.Results) {
				model = rs
			}
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
		if rs == nil || len(rs.Results) == 0 || rs == model {
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
// A selector's field or method name and a composite literal's field key
// are not names of the scope.
func (c *checker) closed(es []ast.Expr) bool {
	ok := true
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				ok = false
			case *ast.SelectorExpr:
				ok = ok && c.closed([]ast.Expr{n.X})
				return false
			case *ast.KeyValueExpr:
				if _, isID := n.Key.(*ast.Ident); isID {
					ok = ok && c.closed([]ast.Expr{n.Value})
					return false
				}
			case *ast.Ident:
				ok = ok && c.global(n)
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
	if _, ok := fn.Object().(*types.Func); ok {
		return flow.FuncName(fn)
	}
	if p := fn.Parent(); p != nil {
		return check.LiteralIn(funcName(p))
	}
	return fn.Name()
}
