package elicitbase

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// CategorySecret: a form question that asks for a password, a token, a
// secret or a key.
const CategorySecret = "secret"

// urlModeHint says why a secret may not be asked in a form, and how to ask
// for it instead.
const urlModeHint = "the MCP specification forbids asking for sensitive information in a form-mode elicitation, " +
	"whose answer passes through the client: send the user to a URL-mode elicitation (mode \"url\"), " +
	"where they enter it on the server's own page"

// secretProperty says why the form property named name, of a string type
// (or of no type the analyzer knows), with the given format, title and
// description, asks for a secret, or returns "".
func secretProperty(name, format, title, description string) string {
	switch {
	case knowledge.SecretName(name):
		return "by its name"
	case format == knowledge.SecretFormat:
		return fmt.Sprintf("by its format %q", format)
	}
	if p, ok := knowledge.SecretText(title); ok {
		return fmt.Sprintf("by its title, which says %q", p)
	}
	if p, ok := knowledge.SecretText(description); ok {
		return fmt.Sprintf("by its description, which says %q", p)
	}
	return ""
}

// secretField returns the first string property of the form inferred from
// t that asks for a secret, and why.
func secretField(t types.Type) (gotypes.FormProperty, string, bool) {
	for _, p := range gotypes.FormProperties(t) {
		if !gotypes.IsString(p.Type) {
			continue
		}
		if why := secretProperty(p.Name, "", "", p.Description); why != "" {
			return p, why, true
		}
	}
	return gotypes.FormProperty{}, "", false
}

// checkAskSecret reports resolve.Ask[T] whose form, inferred from T, asks
// for a secret.
func checkAskSecret(rep *suppress.Reporter, call *ast.CallExpr, t types.Type, typ string) {
	if gotypes.HasTypeParam(t) {
		return
	}
	if p, why, ok := secretField(t); ok {
		rep.Reportf(call, CategorySecret, "resolve.Ask[%s] asks in a form for property %q, a secret %s; %s", typ, p.Name, why, urlModeHint)
	}
}

// askFormSchemas reports the schemas passed to resolve.AskForm (of either
// binding) that ask for a secret.
func askFormSchemas(pass *analysis.Pass, rep *suppress.Reporter, ins *inspector.Inspector) {
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !knowledge.IsBindingFunc(fn, "AskForm") || len(call.Args) != 2 {
			continue
		}
		s := &schemas{info: pass.TypesInfo, files: pass.Files, fn: enclosingBody(cur)}
		if d, ok := s.secret(call.Args[1], "resolve.AskForm's schema"); ok {
			rep.ReportOnce(d)
		}
	}
}

// secret returns the diagnostic for the schema e (of a question described
// by what) if its form asks for a secret: jsonschema.For[T] over a struct
// with such a field, or a literal with such a property.
func (s *schemas) secret(e ast.Expr, what string) (analysis.Diagnostic, bool) {
	e = s.resolve(e, 0)
	if call, ok := e.(*ast.CallExpr); ok {
		t, ok := s.forArg(call)
		if !ok {
			return analysis.Diagnostic{}, false
		}
		p, why, ok := secretField(t)
		if !ok {
			return analysis.Diagnostic{}, false
		}
		return analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: CategorySecret, Message: fmt.Sprintf(
			"jsonschema.For[%s] renders a form that asks for property %q, a secret %s; %s",
			types.TypeString(t, (*types.Package).Name), p.Name, why, urlModeHint)}, true
	}
	props, ok := s.properties(e)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	for _, p := range props {
		k := s.info.Types[p.key].Value
		lit, ok := s.resolve(p.value, 0).(*ast.CompositeLit)
		if k == nil || k.Kind() != constant.String || !ok {
			continue
		}
		if typ := s.stringEntry(lit, "Type", "type"); typ != "" && typ != "string" {
			continue // a secret is a string: "is_secret" as a boolean is no secret
		}
		why := secretProperty(constant.StringVal(k),
			s.stringEntry(lit, "Format", "format"),
			s.stringEntry(lit, "Title", "title"),
			s.stringEntry(lit, "Description", "description"))
		if why != "" {
			return analysis.Diagnostic{Pos: p.key.Pos(), End: p.key.End(), Category: CategorySecret, Message: fmt.Sprintf(
				"property %s of %s asks for a secret %s; %s", p.name, what, why, urlModeHint)}, true
		}
	}
	return analysis.Diagnostic{}, false
}

// stringEntry returns the constant string given to field of a
// jsonschema.Schema literal or to key of a map literal, or "".
func (s *schemas) stringEntry(lit *ast.CompositeLit, field, key string) string {
	v, ok := s.entry(lit, field, key)
	if !ok {
		return ""
	}
	if k := s.info.Types[v].Value; k != nil && k.Kind() == constant.String {
		return constant.StringVal(k)
	}
	return ""
}

// urlMode reports whether the elicitation parameters lit set Mode to
// "url": a URL-mode elicitation, the right way to ask for a secret.
func urlMode(info *types.Info, lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok || id.Name != knowledge.ElicitModeField {
			continue
		}
		if k := info.Types[kv.Value].Value; k != nil && k.Kind() == constant.String && constant.StringVal(k) == knowledge.ElicitModeURL {
			return true
		}
	}
	return false
}
