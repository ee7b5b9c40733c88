package elicitbase

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// CategoryRequested: a hand-written elicitation's requested schema that
// clients refuse.
const CategoryRequested = "requested"

// refusedHow says what happens to a question whose requested schema go-sdk's
// client refuses, and what a requested schema may be.
const refusedHow = "go-sdk's client refuses the question before the user is asked " +
	"(a requested schema is a flat object of string, number, integer, boolean and enum properties)"

// migrateHint points hand-written questions to resolvers, whose form
// schema is checked where the tool is registered.
func migrateHint() string {
	return "(a resolver's form is checked where the tool is registered: see " + check.DocURL("migrate.md") + ", from a hand-written handler to resolvers)"
}

// requestedSchemas reports the requested schemas of the package's
// hand-written elicitations (go-sdk's mcp.ElicitParams, mcp-go's
// mcp.ElicitationParams, in InputRequests and in the legacy requests
// alike) that clients refuse: built with jsonschema.For[T] over a T with
// a field that is no single primitive, or written as a literal
// (*jsonschema.Schema or map[string]any) with a property that is.
func requestedSchemas(pass *analysis.Pass, rep *suppress.Reporter, ins *inspector.Inspector) {
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}
	for cur := range ins.Root().Preorder(filter...) {
		var values []ast.Expr
		url := false
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			url = urlMode(pass.TypesInfo, n)
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok && isRequestedSchema(pass.TypesInfo, kv.Key) {
					values = append(values, kv.Value)
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && isRequestedSchema(pass.TypesInfo, sel.Sel) {
					if v := assigned(n, i); v != nil {
						values = append(values, v)
					}
				}
			}
		}
		if len(values) == 0 {
			continue
		}
		s := &schemas{info: pass.TypesInfo, files: pass.Files, fn: enclosingBody(cur)}
		for _, v := range values {
			if d, ok := s.judge(v); ok {
				rep.ReportOnce(d) // a schema built once and asked twice
			}
			if url {
				continue
			}
			if d, ok := s.secret(v, "the elicitation's requested schema"); ok {
				rep.ReportOnce(d)
			}
		}
	}
}

// isRequestedSchema reports whether the identifier id names the
// RequestedSchema field of an elicitation's parameters.
func isRequestedSchema(info *types.Info, id ast.Expr) bool {
	ident, ok := id.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[ident].(*types.Var)
	return ok && knowledge.IsRequestedSchemaField(v)
}

// assigned returns the expression that assignment a gives to its i-th
// left-hand side: its i-th right-hand side, or the call whose first
// result it is (s, err := jsonschema.For[T](nil)), or nil.
func assigned(a *ast.AssignStmt, i int) ast.Expr {
	switch {
	case len(a.Lhs) == len(a.Rhs):
		return a.Rhs[i]
	case len(a.Rhs) == 1 && i == 0:
		if _, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok {
			return a.Rhs[0]
		}
	}
	return nil
}

// enclosingBody returns the body of the function that holds cur, or nil.
func enclosingBody(cur inspector.Cursor) *ast.BlockStmt {
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := enc.Node().(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// schemas judges the requested schema expressions of one function.
type schemas struct {
	info  *types.Info
	files []*ast.File
	fn    *ast.BlockStmt // the function the schema is written in, or nil
}

// judge returns the diagnostic for the requested schema e, if clients
// refuse it.
func (s *schemas) judge(e ast.Expr) (analysis.Diagnostic, bool) {
	e = s.resolve(e, 0)
	if call, ok := e.(*ast.CallExpr); ok {
		t, ok := s.forArg(call)
		if !ok {
			return analysis.Diagnostic{}, false
		}
		why := gotypes.ElicitForProblem(t)
		if why == "" {
			return analysis.Diagnostic{}, false
		}
		return analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: CategoryRequested, Message: fmt.Sprintf(
			"jsonschema.For[%s] renders an elicitation schema whose %s: %s; use string, number, integer and boolean fields (not pointers), or write the schema by hand %s",
			types.TypeString(t, (*types.Package).Name), why, refusedHow, migrateHint())}, true
	}
	props, ok := s.properties(e)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	for _, p := range props {
		if why := s.propertyProblem(p.value); why != "" {
			return analysis.Diagnostic{Pos: p.key.Pos(), End: p.key.End(), Category: CategoryRequested, Message: fmt.Sprintf(
				"property %s of the elicitation's requested schema %s: %s; make it a single primitive property %s",
				p.name, why, refusedHow, migrateHint())}, true
		}
	}
	return analysis.Diagnostic{}, false
}

// forArg returns T if call is jsonschema.For[T](...).
func (s *schemas) forArg(call *ast.CallExpr) (types.Type, bool) {
	id := funcIdent(call.Fun)
	if id == nil {
		return nil, false
	}
	fn, ok := s.info.Uses[id].(*types.Func)
	if !ok || !knowledge.IsSchemaFor(fn) {
		return nil, false
	}
	inst, ok := s.info.Instances[id]
	if !ok || inst.TypeArgs.Len() != 1 {
		return nil, false
	}
	return inst.TypeArgs.At(0), true
}

// A property is one entry of a schema literal's properties.
type property struct {
	key   ast.Expr
	name  string // quoted
	value ast.Expr
}

// properties returns the properties of the schema literal e (a
// jsonschema.Schema or a map[string]any), if e is one whose properties
// are a literal too.
func (s *schemas) properties(e ast.Expr) ([]property, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	v, ok := s.entry(lit, "Properties", "properties")
	if !ok {
		return nil, false
	}
	plit, ok := s.resolve(v, 0).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var props []property
	for _, elt := range plit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name := types.ExprString(kv.Key)
		if k := s.info.Types[kv.Key].Value; k != nil && k.Kind() == constant.String {
			name = k.ExactString()
		}
		props = append(props, property{key: kv.Key, name: name, value: kv.Value})
	}
	return props, true
}

// propertyProblem says why go-sdk's client refuses the property schema
// e, or returns "" (also when e is not a literal it can read).
func (s *schemas) propertyProblem(e ast.Expr) string {
	lit, ok := s.resolve(e, 0).(*ast.CompositeLit)
	if !ok {
		return ""
	}
	if v, ok := s.entry(lit, "Properties", "properties"); ok {
		if plit, ok := s.resolve(v, 0).(*ast.CompositeLit); ok && len(plit.Elts) > 0 {
			return "has nested properties"
		}
	}
	if _, ok := s.entry(lit, "Types", ""); ok {
		return "has a list of types, not one"
	}
	v, ok := s.entry(lit, "Type", "type")
	if !ok {
		return ""
	}
	if tl, ok := s.resolve(v, 0).(*ast.CompositeLit); ok {
		if _, isSlice := s.info.TypeOf(tl).Underlying().(*types.Slice); isSlice {
			return "has a list of types, not one"
		}
		return ""
	}
	k := s.info.Types[v].Value
	if k == nil || k.Kind() != constant.String {
		return ""
	}
	typ := constant.StringVal(k)
	if !slices.Contains(knowledge.ElicitPropertyTypes[:], typ) {
		return fmt.Sprintf("has type %q", typ)
	}
	if typ != "array" {
		return ""
	}
	items, ok := s.entry(lit, "Items", "items")
	if !ok {
		return "is an array with no items"
	}
	ilit, ok := s.resolve(items, 0).(*ast.CompositeLit)
	if !ok {
		return ""
	}
	for _, key := range [][2]string{{"Enum", "enum"}, {"AnyOf", "anyOf"}} {
		if _, ok := s.entry(ilit, key[0], key[1]); ok {
			return ""
		}
	}
	return "is an array whose items have no enum"
}

// entry returns the value given to the field named field of a
// jsonschema.Schema literal, or to the key named key of a map literal
// ("" for none).
func (s *schemas) entry(lit *ast.CompositeLit, field, key string) (ast.Expr, bool) {
	t := s.info.TypeOf(lit)
	if t == nil {
		return nil, false
	}
	if p := knowledge.Pointee(t); p != nil {
		t = p
	}
	schema := knowledge.IsSchema(t)
	if _, isMap := t.Underlying().(*types.Map); !schema && !isMap {
		return nil, false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if schema {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return kv.Value, true
			}
			continue
		}
		if k := s.info.Types[kv.Key].Value; key != "" && k != nil && k.Kind() == constant.String && constant.StringVal(k) == key {
			return kv.Value, true
		}
	}
	return nil, false
}

// resolve follows e to the expression that gives its value, where one
// does: through parentheses and &, a local variable defined once in the
// function and never assigned again, a package variable's initializer,
// and a call of a function of the package whose body returns one
// expression. It stops after a few steps.
func (s *schemas) resolve(e ast.Expr, depth int) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if depth > 4 {
		return e
	}
	switch x := e.(type) {
	case *ast.Ident:
		if v, ok := s.info.Uses[x].(*types.Var); ok {
			if def := s.definition(v); def != nil {
				return s.resolve(def, depth+1)
			}
		}
	case *ast.CallExpr:
		if fn := check.FuncOf(s.info, x.Fun); fn != nil && fn.Signature().Recv() == nil {
			if ret := s.returned(fn); ret != nil {
				return s.resolve(ret, depth+1)
			}
		}
	}
	return e
}

// definition returns the only value given to the variable v: the
// initializer of a package variable, or the one assignment of a local
// variable of the function, or nil.
func (s *schemas) definition(v *types.Var) ast.Expr {
	var found ast.Expr
	count := 0
	visit := func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					id, ok := ast.Unparen(lhs).(*ast.Ident)
					if !ok || s.info.ObjectOf(id) != v {
						continue
					}
					count++
					found = assigned(n, i)
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if s.info.Defs[id] == v && i < len(n.Values) && len(n.Names) == len(n.Values) {
						count++
						found = n.Values[i]
					}
				}
			case *ast.UnaryExpr:
				if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && s.info.Uses[id] == v {
					count += 2 // its address is taken: anything may write it
				}
			}
			return true
		})
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		for _, f := range s.files {
			visit(f)
		}
	} else if s.fn != nil {
		visit(s.fn)
	}
	if count != 1 {
		return nil
	}
	return found
}

// returned returns the expression that fn, a function of the package,
// returns, if its body is a single return of one value.
func (s *schemas) returned(fn *types.Func) ast.Expr {
	for _, f := range s.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || s.info.Defs[fd.Name] != fn || len(fd.Body.List) != 1 {
				continue
			}
			if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				return ret.Results[0]
			}
		}
	}
	return nil
}
