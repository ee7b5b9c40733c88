package askstable

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
)

// resolverResults marks the parameters of the package's resolvers that
// receive the value of a resolver whose result changes between rounds, to
// a fixed point, and reports imported resolvers that put such a parameter
// into a question.
func (c *checker) resolverResults() {
	var regs []*gotypes.Registration
	for _, res := range registrations.Of(c.pass).Registrations {
		if len(res.Reg.Resolvers) > 0 {
			regs = append(regs, res.Reg)
		}
	}
	if len(regs) == 0 {
		return
	}
	lits := make(map[*ast.FuncLit]*ssa.Function)
	for _, fn := range c.funcs {
		if lit, ok := fn.Syntax().(*ast.FuncLit); ok {
			lits[lit] = fn
		}
	}
	type resolver struct {
		arg ast.Expr
		fn  *ssa.Function // in this package, else nil
		obj *types.Func   // declared, else nil
		sig *types.Signature
	}
	resolversOf := func(r *gotypes.Registration) []resolver {
		var rs []resolver
		for _, e := range r.Resolvers {
			e = ast.Unparen(e)
			if lit, ok := e.(*ast.FuncLit); ok {
				if fn := lits[lit]; fn != nil {
					rs = append(rs, resolver{arg: e, fn: fn, sig: fn.Signature})
				}
				continue
			}
			obj := check.FuncOf(c.pass.TypesInfo, e)
			if obj == nil {
				continue
			}
			res := resolver{arg: e, obj: obj, sig: obj.Signature()}
			if obj.Pkg() == c.pass.Pkg {
				res.fn = c.pkg.Prog.FuncValue(obj)
			}
			rs = append(rs, res)
		}
		return rs
	}
	for round := 0; round <= len(c.funcs); round++ {
		changed := false
		var late []func() // reports, once the taints are final
		for _, reg := range regs {
			rs := resolversOf(reg)
			for _, p := range rs {
				if p.sig.Results().Len() == 0 {
					continue
				}
				why := c.result(p.fn, p.obj)
				if why == "" {
					continue
				}
				given := p.sig.Results().At(0).Type()
				if t, ok := knowledge.ElicitArg(given); ok {
					given = t
				}
				name := types.ExprString(p.arg)
				for _, q := range rs {
					for i := 0; i < q.sig.Params().Len(); i++ {
						pt := q.sig.Params().At(i).Type()
						if t, ok := knowledge.OutcomeArg(pt); ok {
							pt = t
						}
						if !types.Identical(pt, given) {
							continue
						}
						what := fmt.Sprintf("the value resolver %s gives (%s)", name, why)
						if q.fn != nil {
							param := q.fn.Params[i+len(q.fn.Params)-q.sig.Params().Len()]
							if c.paramWhy[param] == "" {
								c.paramWhy[param] = what
								changed = true
							}
							continue
						}
						f := new(AsksWith)
						if q.obj != nil && c.pass.ImportObjectFact(q.obj, f) && slices.Contains(f.Params, i) {
							arg := q.arg
							late = append(late, func() {
								c.report(arg.Pos(), "resolver %s puts its parameter %s into a question, and it receives %s, which changes between rounds: %s",
									types.ExprString(arg), q.sig.Params().At(i).Name(), what, fix)
							})
						}
					}
				}
			}
		}
		if !changed {
			for _, f := range late {
				f()
			}
			return
		}
		c.resetMemo()
	}
}

// questions reports the questions built from unstable values, and the
// calls that pass such a value to a function that puts it into a
// question. A function whose question depends on its own parameters is
// recorded, to a fixed point, so that its callers are checked in turn.
func (c *checker) questions() {
	c.keys()
	for changed := true; changed; {
		changed = false
		for _, fn := range c.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if ok && c.question(fn, call) {
						changed = true
					}
				}
			}
		}
	}
}

// question checks one call, and reports whether it recorded that fn puts
// a parameter into a question.
func (c *checker) question(fn *ssa.Function, call ssa.CallInstruction) (recorded bool) {
	cc := call.Common()
	callee := cc.StaticCallee()
	if callee == nil {
		return false
	}
	if callee.Blocks == nil && callee.Origin() != nil {
		callee = callee.Origin()
	}
	obj, _ := callee.Object().(*types.Func)
	// what[i] names argument i as a part of a question, in messages.
	what := make(map[int]string)
	var format string
	category := Category
	if q, ok := knowledge.QuestionOf(obj); ok {
		for i, a := range q.Args {
			what[i] = a
		}
		format = q.Func + ": the question's %[1]s depends on %[2]s, which changes between rounds, so the question is new every round: " + fix
	} else {
		name := flow.FuncName(callee)
		for i, part := range c.asksWith[callee] {
			what[i] = part
		}
		f := new(AsksWith)
		if obj != nil && obj.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(obj, f) {
			recv := 0
			if obj.Signature().Recv() != nil {
				recv = 1
			}
			for _, i := range f.Params {
				what[i+recv] = "content"
			}
			name = check.FuncName(obj)
		}
		format = "call of " + name + ", which puts its argument into a question's %[1]s: the argument depends on %[2]s, which changes between rounds: " + fix
		if slices.Contains(slices.Collect(maps.Values(what)), keyPart) {
			format = "call of " + name + ", which puts its argument into an %[1]s: the argument depends on %[2]s, which changes between rounds: " + keyFix()
			category = CategoryKey
		}
	}
	for i, part := range what {
		if i >= len(cc.Args) {
			continue
		}
		t := c.value(cc.Args[i])
		if t.why != "" {
			c.reportIn(category, call.Pos(), format, part, t.why)
		}
		if c.recordParams(fn, t, part) {
			recorded = true
		}
	}
	return recorded
}

// recordParams records that fn puts the parameters t is computed from into
// a question's part, and reports whether it recorded one it had not.
func (c *checker) recordParams(fn *ssa.Function, t taint, part string) (recorded bool) {
	for p := range len(fn.Params) {
		if t.params&(1<<p) == 0 {
			continue
		}
		if c.asksWith[fn] == nil {
			c.asksWith[fn] = make(map[int]string)
		}
		if _, ok := c.asksWith[fn][p]; !ok {
			c.asksWith[fn][p] = part
			recorded = true
		}
	}
	return recorded
}

func (c *checker) report(pos token.Pos, format string, args ...any) {
	c.reportIn(Category, pos, format, args...)
}

func (c *checker) reportIn(category string, pos token.Pos, format string, args ...any) {
	c.rep.ReportOnce(analysis.Diagnostic{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}
