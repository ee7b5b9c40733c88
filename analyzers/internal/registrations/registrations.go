// Package registrations defines an internal Analyzer that finds the
// resolver registrations of a package (calls of resolve.AddTool,
// resolve.MustAddTool, AddPrompt, AddResource, AddResourceTemplate, their
// Must variants and the methods of *resolve.Runtime, through the go-sdk binding runtime/resolve
// or the mcp-go binding runtime/mcpgo/resolve) and checks each one once
// with the rule core, spelled in its SDK's types, for resolvegraph,
// resolvemix and elicitbase to report the findings of their rules and for
// the analyzers of resolver code (askstable, resolvepure, statereach) to
// find the resolvers and handlers.
package registrations

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer finds the registrations of a package and their findings. Its
// result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "registrations",
	Doc:        "find resolver tool registrations and check them with the rule core",
	Requires:   []*analysis.Analyzer{check.Analyzer, inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Budget is the round budget, in questions, of a runtime whose budget is
// the default: resolvegraph's flag -resolvegraph.budget sets it.
var Budget = rules.DefaultRoundBudget

// Result lists the registrations of a package, in source order.
type Result struct {
	Registrations []*gotypes.Result
}

// Findings yields the findings of rule, registration by registration.
func (r *Result) Findings(rule rules.Rule) iter.Seq[gotypes.Finding] {
	return func(yield func(gotypes.Finding) bool) {
		for _, reg := range r.Registrations {
			for _, f := range reg.Findings {
				if f.Rule == rule && !yield(f) {
					return
				}
			}
		}
	}
}

// Of returns the registrations of the package of pass, whose analyzer must
// require [Analyzer].
func Of(pass *analysis.Pass) *Result { return pass.ResultOf[Analyzer].(*Result) }

func run(pass *analysis.Pass) (any, error) {
	res := new(Result)
	if !check.Of(pass).Imports {
		return res, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var defs *varDefs
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		reg, ok := gotypes.ParseRegistration(pass.TypesInfo, cur)
		if !ok {
			continue
		}
		b := Budget
		if reg.Runtime != nil {
			if defs == nil {
				defs = collectDefs(pass)
			}
			b = runtimeBudget(pass.TypesInfo, defs, reg.Runtime)
		}
		res.Registrations = append(res.Registrations, gotypes.Check(pass.TypesInfo, pass.Files, reg, b))
	}
	return res, nil
}

// runtimeBudget returns the round budget of the runtime that recv denotes
// when it is statically known: a variable assigned once, from
// rt, err := resolve.New(nil) or resolve.New(&resolve.Options{...}) with
// a constant RoundBudget or none. It returns 0 if unknown.
func runtimeBudget(info *types.Info, defs *varDefs, recv ast.Expr) int {
	e := ast.Unparen(recv)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return 0
		}
		if e = defs.single(v); e == nil {
			return 0
		}
		e = ast.Unparen(e)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || !gotypes.IsResolveNew(info, call) || len(call.Args) != 1 {
		return 0
	}
	opts := ast.Unparen(call.Args[0])
	if info.Types[opts].IsNil() {
		return Budget
	}
	u, ok := opts.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return 0
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !gotypes.IsResolveOptions(info.TypeOf(lit)) {
		return 0
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return 0
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "RoundBudget" {
			tv := info.Types[kv.Value]
			if tv.Value == nil {
				return 0
			}
			n, exact := constant.Int64Val(constant.ToInt(tv.Value))
			if !exact {
				return 0
			}
			if n > 0 {
				return int(n)
			}
			return Budget
		}
	}
	return Budget
}

// varDefs records, for each variable of the package, the one expression
// assigned to it, if it is assigned exactly once and never through a
// pointer.
type varDefs struct {
	value   map[*types.Var]ast.Expr
	tainted map[*types.Var]bool
}

func (d *varDefs) single(v *types.Var) ast.Expr {
	if d.tainted[v] {
		return nil
	}
	return d.value[v]
}

// valueAt returns the expression that gives the i-th of n variables its
// value: values[i], or, for the first of several variables assigned from
// one call (rt, err := resolve.New(...)), the call. It returns nil when
// unknown.
func valueAt(values []ast.Expr, n, i int) ast.Expr {
	switch {
	case len(values) == n:
		return values[i]
	case len(values) == 1 && i == 0:
		if call, ok := ast.Unparen(values[0]).(*ast.CallExpr); ok {
			return call
		}
	}
	return nil
}

func collectDefs(pass *analysis.Pass) *varDefs {
	d := &varDefs{value: make(map[*types.Var]ast.Expr), tainted: make(map[*types.Var]bool)}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := pass.TypesInfo.ObjectOf(id).(*types.Var)
		return v
	}
	assign := func(v *types.Var, e ast.Expr) {
		if v == nil {
			return
		}
		if _, dup := d.value[v]; dup || e == nil {
			d.tainted[v] = true
			return
		}
		d.value[v] = e
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if len(n.Values) > 0 {
					for i, name := range n.Names {
						assign(varOf(name), valueAt(n.Values, len(n.Names), i))
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					var e ast.Expr
					if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
						e = valueAt(n.Rhs, len(n.Lhs), i)
					}
					assign(varOf(lhs), e)
				}
			case *ast.RangeStmt:
				assign(varOf(n.Key), nil)
				if n.Value != nil {
					assign(varOf(n.Value), nil)
				}
			case *ast.IncDecStmt:
				assign(varOf(n.X), nil)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					assign(varOf(n.X), nil)
				}
			}
			return true
		})
	}
	return d
}
