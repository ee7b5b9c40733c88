package elicitbase

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports Elicit and Ask over answer types with no static form
// schema.
var Analyzer = check.New("elicitbase", doc, check.Spec{
	Requires: []*analysis.Analyzer{inspect.Analyzer, registrations.Analyzer},
	Run:      run,
})

// Categories of findings.
const (
	CategoryDeclared = "declared"
	CategoryArgument = "argument"
	CategoryAsk      = "ask"
)

const explicitHint = "ask with an explicit schema through resolve.Elicit[resolve.Form] and resolve.AskForm"

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	rep := suppress.New(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	// declared records the answer type of each function reported at its
	// declaration.
	declared := make(map[ast.Node]types.Type)
	var litVars map[types.Object]*ast.FuncLit // made on first need
	sdk := knowledge.ImportedBinding(pass.Pkg)
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}
	for cur := range ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			name := check.DeclName(n)
			if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
				name = check.FuncName(fn)
			}
			checkDecl(rep, pass.TypesInfo, declared, sdk, n, n.Type, name)
		case *ast.FuncLit:
			checkDecl(rep, pass.TypesInfo, declared, sdk, n, n.Type, check.FuncLiteral)
		case *ast.CallExpr:
			if t, sdk, ok := gotypes.AskArg(pass.TypesInfo, n); ok {
				checkAsk(pass, rep, declared, cur, n, sdk, t)
			}
		}
	}
	requestedSchemas(pass, rep, ins)
	askFormSchemas(pass, rep, ins)
	// The registrations' findings of rule elicitbase, where no declaration
	// shows them already.
	for f := range registrations.Of(pass).Findings(rules.ElicitBase) {
		if litVars == nil {
			litVars = funcLitVars(pass)
		}
		if !coveredByDecl(pass, litVars, f.Node) {
			rep.Reportf(f.Node, CategoryArgument, "%s", f.Message)
		}
	}
	return nil, nil
}

// checkDecl reports a function whose declared results include
// resolve.Elicit[T] with a T that has no static form schema.
func checkDecl(rep *suppress.Reporter, info *types.Info, declared map[ast.Node]types.Type, sdk rules.SDK, fn ast.Node, ft *ast.FuncType, name string) {
	if ft.Results == nil {
		return
	}
	for _, field := range ft.Results.List {
		t, why := declProblem(sdk, info.TypeOf(field.Type))
		if why == "" {
			continue
		}
		declared[fn] = t
		rep.Reportf(field.Type, CategoryDeclared, "%s", rules.AnswerTypeMessage(name, gotypes.TypeStringIn(sdk, t), why))
		return
	}
}

// declProblem returns T and why T has no static form schema, for the
// binding of sdk, if t is resolve.Elicit[T] with a concrete T that has
// none. Both bindings alias one Elicit, so the binding is the one the
// package imports ([knowledge.ImportedBinding]).
func declProblem(sdk rules.SDK, t types.Type) (types.Type, string) {
	if t == nil {
		return nil, ""
	}
	arg, ok := knowledge.ElicitArg(t)
	if !ok || gotypes.HasTypeParam(arg) {
		return nil, ""
	}
	return arg, gotypes.FormProblem(sdk, arg)
}

// checkAsk reports resolve.Ask[T] of sdk's binding with a T that has no
// static form schema.
func checkAsk(pass *analysis.Pass, rep *suppress.Reporter, declared map[ast.Node]types.Type, cur inspector.Cursor, call *ast.CallExpr, sdk rules.SDK, t types.Type) {
	if gotypes.HasTypeParam(t) {
		return
	}
	typ := func(t types.Type) string { return gotypes.TypeStringIn(sdk, t) } // as the binding spells types
	if ask := gotypes.ExplicitAnswer(sdk, t); ask != "" {
		d := analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(), Category: CategoryAsk,
			Message: fmt.Sprintf("resolve.Ask[%s] asks a form question whose schema is inferred from %s, which has none; use resolve.%s",
				typ(t), typ(t), ask),
		}
		if ask == "AskRoots" {
			d.SuggestedFixes = askRootsFix(pass.TypesInfo, call)
		}
		rep.Report(d)
		return
	}
	checkAskSecret(rep, call, t, typ(t))
	why := gotypes.FormProblem(sdk, t)
	if why == "" {
		return
	}
	// Reported once, at the declaration of the enclosing function, if it
	// is declared to return the same Elicit.
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if d, ok := declared[enc.Node()]; ok && types.Identical(d, t) {
			return
		}
		break
	}
	rep.Reportf(call, CategoryAsk, "resolve.Ask[%s] asks a form question, but %s has no static form schema (%s); %s",
		typ(t), typ(t), why, explicitHint)
}

// coveredByDecl reports whether the elicitbase finding at a resolver
// argument is already reported at the declaration of the function it
// names: a function literal, or a function of this package whose declared
// result shows the problem.
func coveredByDecl(pass *analysis.Pass, litVars map[types.Object]*ast.FuncLit, e ast.Expr) bool {
	e = ast.Unparen(e)
	if _, ok := e.(*ast.FuncLit); ok {
		return true
	}
	var obj types.Object
	switch x := e.(type) {
	case *ast.Ident:
		obj = pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = pass.TypesInfo.Uses[x.Sel]
	}
	var sig *types.Signature
	switch obj := obj.(type) {
	case *types.Func:
		if obj.Pkg() != pass.Pkg {
			return false
		}
		sig = obj.Origin().Signature()
	case *types.Var:
		// A variable that holds a function literal: the literal is
		// reported where it is written.
		lit, ok := litVars[obj]
		if !ok {
			return false
		}
		sig, _ = pass.TypesInfo.TypeOf(lit).(*types.Signature)
	}
	if sig == nil || sig.Results().Len() == 0 {
		return false
	}
	_, why := declProblem(knowledge.ImportedBinding(pass.Pkg), sig.Results().At(0).Type())
	return why != ""
}

// funcLitVars maps each variable of the package that is declared with a
// function literal (var x = func..., x := func...) to that literal.
func funcLitVars(pass *analysis.Pass) map[types.Object]*ast.FuncLit {
	vars := make(map[types.Object]*ast.FuncLit)
	record := func(names []*ast.Ident, values []ast.Expr) {
		if len(names) != len(values) {
			return
		}
		for i, name := range names {
			if lit, ok := ast.Unparen(values[i]).(*ast.FuncLit); ok {
				if obj := pass.TypesInfo.Defs[name]; obj != nil {
					vars[obj] = lit
				}
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				record(n.Names, n.Values)
			case *ast.AssignStmt:
				var names []*ast.Ident
				for _, lhs := range n.Lhs {
					id, _ := lhs.(*ast.Ident)
					names = append(names, id)
				}
				if n.Tok == token.DEFINE {
					record(names, n.Rhs)
				}
			}
			return true
		})
	}
	return vars
}

// askRootsFix rewrites resolve.Ask[*mcp.ListRootsResult](msg) as
// resolve.AskRoots(): the same Elicit type, asking the question the type
// names. A roots question has no message, so the fix is offered only when
// dropping msg drops no computation (a literal, a constant or a variable).
func askRootsFix(info *types.Info, call *ast.CallExpr) []analysis.SuggestedFix {
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	switch a := ast.Unparen(call.Args[0]).(type) {
	case *ast.BasicLit:
	case *ast.Ident:
		if _, ok := info.Uses[a].(*types.Func); ok {
			return nil
		}
	default:
		if tv := info.Types[a]; tv.Value == nil {
			return nil
		}
	}
	idx, ok := ast.Unparen(call.Fun).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	name := funcIdent(call.Fun)
	if name == nil {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "Use resolve.AskRoots",
		TextEdits: []analysis.TextEdit{
			{Pos: name.Pos(), End: name.End(), NewText: []byte("AskRoots")},
			{Pos: idx.Lbrack, End: call.Rparen + 1, NewText: []byte("()")},
		},
	}}
}

// funcIdent returns the identifier that names the function of a call's
// Fun, an instantiation of it included (resolve.Ask[T], jsonschema.For[T]),
// or nil.
func funcIdent(fun ast.Expr) *ast.Ident {
	fun = ast.Unparen(fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ast.Unparen(ix.X)
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}
