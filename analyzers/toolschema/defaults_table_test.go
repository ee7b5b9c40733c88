package toolschema

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// TestDefaultsAgree registers each case for real, as a property of
// mcp.AddTool's input schema, and checks the analyzer's verdict on the
// same literal, read from defaults_cases_test.go: a judged case is reported exactly
// when the registration panics, and a case the analyzer does not judge is
// never reported.
func TestDefaultsAgree(t *testing.T) {
	lits := defaultCaseLiterals(t)
	panics := 0
	for i, tc := range defaultCases {
		truth := recovered(func() {
			s := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
			tool := &mcp.Tool{Name: "t", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"p": tc.schema}}}
			mcp.AddTool(s, tool, func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		})
		if truth != nil {
			panics++
		}
		where, why, bad := lits.checker.badDefault(lits.schemas[i], "")
		var verdict string
		if bad {
			verdict = where + ": " + why
		}
		if !tc.judged {
			if bad {
				t.Errorf("%s: not judged, but the analyzer says: %s", tc.name, verdict)
			}
			continue
		}
		agree(t, tc.name, "a property's default", truth, verdict)
	}
	if panics < len(defaultCases)/3 {
		t.Errorf("%d of %d cases panic: the table checks little", panics, len(defaultCases))
	}
}

// defaultCaseLiterals type-checks defaults_cases_test.go alone and returns the schema
// literal of each of defaultCases, in order, with a checker to judge them.
func defaultCaseLiterals(t *testing.T) (out struct {
	checker *checker
	schemas []ast.Expr
}) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "defaults_cases_test.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	testenv.UseGOROOT(t)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("toolschema", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	out.checker = &checker{pass: &analysis.Pass{TypesInfo: info}}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || vs.Names[0].Name != "defaultCases" {
			return true
		}
		for _, elt := range vs.Values[0].(*ast.CompositeLit).Elts {
			out.schemas = append(out.schemas, elt.(*ast.CompositeLit).Elts[2])
		}
		return false
	})
	if len(out.schemas) != len(defaultCases) {
		t.Fatalf("found %d case literals in the source, want %d", len(out.schemas), len(defaultCases))
	}
	return out
}
