package knowledge_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// elicitOf type-checks src as the package at path and returns its method
// ServerSession.Elicit.
func elicitOf(t *testing.T, path, src string) *types.Func {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "mcp.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn := pkg.Scope().Lookup("ServerSession").(*types.TypeName)
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, "Elicit")
	return obj.(*types.Func)
}

// TestElicitChecksAcceptedForm tells go-sdk's versions apart by their API:
// before v1.7.0 ServerSession.Elicit checks every accepted answer against
// the requested schema; the linked version lets an answer with no content
// through.
func TestElicitChecksAcceptedForm(t *testing.T) {
	const session = "package mcp\ntype ServerSession struct{}\nfunc (*ServerSession) Elicit() {}\n"
	if !knowledge.ElicitChecksAcceptedForm(elicitOf(t, knowledge.GoSDKPath, session)) {
		t.Error("a go-sdk without SubscriptionsListenResult (before v1.7.0) checks every accepted form")
	}
	if knowledge.ElicitChecksAcceptedForm(elicitOf(t, knowledge.GoSDKPath, session+"type SubscriptionsListenResult struct{}\n")) {
		t.Error("a go-sdk with SubscriptionsListenResult (v1.7.0 on) lets an answer with no content through")
	}
	if knowledge.ElicitChecksAcceptedForm(elicitOf(t, "example.com/other/mcp", session)) {
		t.Error("a package that is not go-sdk's checks nothing")
	}

	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, knowledge.GoSDKPath)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v %v", knowledge.GoSDKPath, err, pkgs)
	}
	tn := pkgs[0].Types.Scope().Lookup("ServerSession").(*types.TypeName)
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkgs[0].Types, "Elicit")
	if knowledge.ElicitChecksAcceptedForm(obj.(*types.Func)) {
		t.Error("the linked go-sdk (v1.8.0) returns an accepted answer with no content unchecked")
	}
}
