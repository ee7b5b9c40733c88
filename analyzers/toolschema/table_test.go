package toolschema

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// A probe is what the SDKs really do with one type of
// table_types_test.go, read by registering it.
type probe struct {
	name string
	// goSDKIn and goSDKOut are the panics of mcp.AddTool with the type as
	// In, and as Out, or nil.
	goSDKIn, goSDKOut func() any
	// mcpGo is why mcp-go's WithInputSchema and WithOutputSchema (which
	// share schemaFor) register a broken schema for the type, or nil.
	mcpGo func() error
}

func row[T any](name string) probe {
	return probe{
		name: name,
		goSDKIn: func() any {
			return recovered(func() {
				s := mcp.NewServer(&mcp.Implementation{Name: "probe"}, nil)
				mcp.AddTool(s, &mcp.Tool{Name: "t"}, func(context.Context, *mcp.CallToolRequest, T) (*mcp.CallToolResult, any, error) {
					return nil, nil, nil
				})
			})
		},
		goSDKOut: func() any {
			return recovered(func() {
				s := mcp.NewServer(&mcp.Implementation{Name: "probe"}, nil)
				mcp.AddTool(s, &mcp.Tool{Name: "t"}, func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, T, error) {
					var out T
					return nil, out, nil
				})
			})
		},
		mcpGo: func() error {
			raw, err := mcpgo.SchemaForRaw[T]()
			if err != nil {
				return err
			}
			var schema struct {
				Type any `json:"type"`
			}
			if err := json.Unmarshal(raw, &schema); err != nil {
				return err
			}
			if schema.Type != "object" {
				return fmt.Errorf("schema %s", raw)
			}
			return nil
		},
	}
}

func recovered(f func()) (p any) {
	defer func() { p = recover() }()
	f()
	return nil
}

// The table: every type of table_types_test.go.
var table = []probe{
	row[Plain]("Plain"), row[Empty]("Empty"), row[MapIn]("MapIn"), row[PlainPtr]("PlainPtr"),
	row[WithTime]("WithTime"), row[WithRaw]("WithRaw"), row[Unexported]("Unexported"),
	row[JSONDash]("JSONDash"), row[Embeds]("Embeds"), row[EmbedsPtr]("EmbedsPtr"),
	row[WithInterfaces]("WithInterfaces"), row[TextKeyMap]("TextKeyMap"), row[NamedKeyMap]("NamedKeyMap"),
	row[BoxInt]("BoxInt"), row[SpacedTag]("SpacedTag"), row[Repeated]("Repeated"), row[Numbers]("Numbers"),
	row[TagUnexported]("TagUnexported"), row[TagDashed]("TagDashed"), row[EmbeddedTimePtr]("EmbeddedTimePtr"),
	row[AnyIn]("AnyIn"), row[NestedMap]("NestedMap"),

	row[Str]("Str"), row[List]("List"), row[TimeIn]("TimeIn"), row[PlainPtrPtr]("PlainPtrPtr"),
	row[Anything]("Anything"), row[ChanIn]("ChanIn"), row[IntKeyMapIn]("IntKeyMapIn"),
	row[ChanField]("ChanField"), row[FuncField]("FuncField"), row[ComplexField]("ComplexField"),
	row[UnsafeField]("UnsafeField"), row[IntKeyMap]("IntKeyMap"), row[Node]("Node"), row[Tree]("Tree"),
	row[Ping]("Ping"), row[EmptyTag]("EmptyTag"), row[WordTag]("WordTag"), row[EnumTag]("EnumTag"),
	row[EnumTagPtr]("EnumTagPtr"), row[EnumTagList]("EnumTagList"), row[EmbeddedTime]("EmbeddedTime"),
	row[DashComma]("DashComma"), row[MarshalsField]("MarshalsField"), row[DeepFunc]("DeepFunc"),
	row[SliceOfChan]("SliceOfChan"), row[BoxChan]("BoxChan"), row[MapOfFunc]("MapOfFunc"),
	row[EmbedsBad]("EmbedsBad"), row[BadInList]("BadInList"), row[StrPtr]("StrPtr"),
}

// TestTableAgrees registers every type of the table with go-sdk (as In and
// as Out of mcp.AddTool) and mcp-go (WithInputSchema, WithOutputSchema),
// and checks that the verdicts of the mirror on the same types, read from
// the same source by go/types, agree both ways: a type is reported exactly
// when registering it panics or registers a broken schema.
func TestTableAgrees(t *testing.T) {
	scope := tableScope(t)
	panics := 0
	for _, p := range table {
		obj := scope.Lookup(p.name)
		if obj == nil {
			t.Fatalf("%s: not declared in table_types_test.go", p.name)
		}
		typ := obj.Type()
		in := p.goSDKIn()
		if in != nil {
			panics++
		}
		agree(t, p.name, "go-sdk mcp.AddTool In", in, goSDKProblem(typ, input))
		agree(t, p.name, "go-sdk mcp.AddTool Out", p.goSDKOut(), goSDKProblem(typ, output))
		var broken any
		if err := p.mcpGo(); err != nil {
			broken = err
		}
		agree(t, p.name, "mcp-go WithInputSchema", broken, mcpGoProblem(typ, input))
	}
	if len(table) < 40 || 2*panics < len(table) {
		t.Errorf("the table has %d types, %d of which panic as In: want at least 40, half of which panic", len(table), panics)
	}
}

// agree checks that the SDK's truth (a panic or error, or nil) and the
// mirror's verdict (a message, or "") agree.
func agree(t *testing.T, name, what string, truth any, verdict string) {
	t.Helper()
	switch {
	case truth != nil && verdict == "":
		t.Errorf("%s as %s: the SDK fails (%v), the mirror says nothing", name, what, truth)
	case truth == nil && verdict != "":
		t.Errorf("%s as %s: the SDK registers it, the mirror says: %s", name, what, verdict)
	case truth != nil:
		t.Logf("%s as %s:\n\tSDK:    %v\n\tmirror: %s", name, what, truth, verdict)
	}
}

// tableScope type-checks table_types_test.go alone and returns its
// package scope.
func tableScope(t *testing.T) *types.Scope {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "table_types_test.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	testenv.UseGOROOT(t)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("toolschema", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg.Scope()
}
