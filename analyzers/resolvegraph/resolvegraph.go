// Package resolvegraph defines an Analyzer that checks resolver tool
// registrations against the dependency-graph rules of the mcplint runtime.
package resolvegraph

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint/mcplint/analyzers/internal/mcpapi"
	"github.com/mcplint/mcplint/analyzers/internal/registration"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// Doc is the analyzer's documentation: a one-line title, then the details.
const Doc = `check that resolver tool registrations can be resolved

The resolvegraph analyzer reports, at each call of resolve.AddTool,
resolve.MustAddTool or (*resolve.Runtime).AddTool whose handler and
resolvers are statically known, every reason the runtime would reject the
registration under its rule id "resolvegraph":

  - a handler that is not func(context.Context, *mcp.CallToolRequest, In,
    resolved...) (Out, error), or a resolver that is not
    func(params...) (T, error) or (resolve.Elicit[T], error);
  - a parameter that no resolver provides, or two resolvers that provide
    the same type;
  - a resolver that provides context.Context, *mcp.CallToolRequest, the
    input type, error, an Elicit or an Outcome;
  - a parameter of type resolve.Elicit[T], or a context, request or input
    parameter after the handler's input;
  - a cycle among resolvers, or a resolver that nothing uses;
  - a chain of dependent eliciting resolvers longer than the client's round
    budget (flag -resolvegraph.budget, default 10, the budget of the Go,
    python and typescript SDK clients; a runtime created with
    resolve.New(&resolve.Options{RoundBudget: n}) uses n);
  - an input or output type from which no JSON schema can be inferred
    when the tool literal does not set the schema itself.

Calls whose handler or resolvers have an interface type, or whose resolvers
are spread from a slice that is not written in the call, are skipped.`

// Analyzer reports resolver tool registrations that the runtime rejects
// under rule resolvegraph.
var Analyzer = &analysis.Analyzer{
	Name:     "resolvegraph",
	Doc:      Doc,
	URL:      "https://github.com/mcplint/mcplint/blob/main/docs/checks/resolvegraph.md",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// DefaultBudget is the client's round budget that the analyzer assumes.
const DefaultBudget = 10

var budget = DefaultBudget

func init() {
	Analyzer.Flags.IntVar(&budget, "budget", DefaultBudget,
		"the client's round budget: the longest chain of dependent questions a tool registered with the default runtime may have")
}

func run(pass *analysis.Pass) (any, error) {
	if !mcpapi.ImportsAny(pass.Pkg) {
		return nil, nil
	}
	rep := suppress.New(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var defs *varDefs
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		reg, ok := mcpapi.ParseRegistration(pass.TypesInfo, cur.Node().(*ast.CallExpr))
		if !ok {
			continue
		}
		b := budget
		if reg.Runtime != nil {
			if defs == nil {
				defs = collectDefs(pass)
			}
			b = runtimeBudget(pass.TypesInfo, defs, reg.Runtime)
		}
		res := registration.Check(pass.TypesInfo, pass.Pkg, pass.Files, reg, b)
		for _, f := range res.Findings {
			if f.Rule == registration.RuleResolveGraph {
				rep.Reportf(f.Node, f.Category, "%s", f.Message)
			}
		}
	}
	return nil, nil
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
	if !ok || !mcpapi.IsResolveNew(info, call) || len(call.Args) != 1 {
		return 0
	}
	opts := ast.Unparen(call.Args[0])
	if info.Types[opts].IsNil() {
		return budget
	}
	u, ok := opts.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return 0
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !mcpapi.IsResolveOptions(info.TypeOf(lit)) {
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
			return budget
		}
	}
	return budget
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
