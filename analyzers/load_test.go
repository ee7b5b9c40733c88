package analyzers_test

import (
	"go/ast"
	"os"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// Load type-checks the function bodies that the analyzers read (the main
// module's, and those of packages that import an MCP API) and no others,
// and the packages it loads without them have no errors for it.
func TestLoadDropsUnreadBodies(t *testing.T) {
	t.Parallel()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  testenv.Root(t),
		Env:  append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off"),
	}
	pkgs, err := analyzers.Load(cfg, "./testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]bool{} // package path -> whether its functions keep their bodies
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		if p.IllTyped {
			t.Errorf("%s: ill-typed", p.PkgPath)
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					call, _ := singleCall(fd.Body)
					bodies[p.PkgPath] = call == nil || bodies[p.PkgPath]
				}
			}
		}
	})
	for path, want := range map[string]bool{
		"github.com/mcplint/mcplint/testdata/demo":   true, // the package named
		"github.com/mcplint/mcplint/runtime/resolve": true, // the main module
		"fmt":      false, // reaches no API
		"net/http": false,
		"github.com/modelcontextprotocol/go-sdk/mcp": false, // an API: the analyzers leave it alone
	} {
		if got, ok := bodies[path]; !ok || got != want {
			t.Errorf("%s: keeps its function bodies: %v (loaded: %v), want %v", path, got, ok, want)
		}
	}
}

// singleCall returns the call of a body that is one call statement.
func singleCall(body *ast.BlockStmt) (*ast.CallExpr, bool) {
	if len(body.List) != 1 {
		return nil, false
	}
	es, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return nil, false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	if id, isIdent := call.Fun.(*ast.Ident); !isIdent || id.Name != "panic" {
		return nil, false
	}
	return call, true
}
