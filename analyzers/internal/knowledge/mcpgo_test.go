package knowledge_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// TestMCPGoToolOptionsComplete checks the table of mcp.NewTool's options
// against mcp-go itself: every exported function of its package mcp that
// returns an mcp.ToolOption has a row, so that an option added by a new
// mcp-go version is classified (does it set a schema?) before the schema
// checks trust a registration that uses it.
func TestMCPGoToolOptionsComplete(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes}
	pkgs, err := packages.Load(cfg, knowledge.MCPGoPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v", knowledge.MCPGoPath, pkgs)
	}
	scope := pkgs[0].Types.Scope()
	options := 0
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		res := fn.Signature().Results()
		if res.Len() != 1 || !knowledge.IsNamed(res.At(0).Type(), knowledge.MCPGoPath, "ToolOption") {
			continue
		}
		options++
		if knowledge.MCPGoToolOption(fn) == knowledge.SchemaUnknown {
			t.Errorf("mcp.%s returns a ToolOption that the table does not classify: add it to mcpGoToolOptions", name)
		}
	}
	if options == 0 {
		t.Fatal("found no function returning mcp.ToolOption")
	}
	if n := knowledge.MCPGoToolOption(scope.Lookup("NewTool").(*types.Func)); n != knowledge.SchemaUnknown {
		t.Errorf("mcp.NewTool is classified as an option (%d)", n)
	}
}
