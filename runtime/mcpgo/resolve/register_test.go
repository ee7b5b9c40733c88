package resolve

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/internal/rules"
)

type orderIn struct {
	Title string `json:"title"`
}

type backorder struct {
	Confirm bool `json:"confirm"`
}

func askBackorder() (Elicit[backorder], error) { return Ask[backorder]("Order anyway?"), nil }

// embedsRoundTrip can carry an input-required result: it embeds mcp-go's
// multi round-trip fields.
type embedsRoundTrip struct {
	mcp.MultiRoundTripResult
	Note string `json:"note"`
}

type definedResult mcp.CallToolResult

// Registration states the rules with mcp-go's types in the messages.
func TestRegistrationRules(t *testing.T) {
	newServer := func() *server.MCPServer { return server.NewMCPServer("test", "v0") }
	for _, tc := range []struct {
		name    string
		handler any
		want    []Rule
		msg     string
	}{
		{"go-sdk's pointer request", func(context.Context, *mcp.CallToolRequest, orderIn, backorder) (string, error) { return "", nil },
			[]Rule{RuleResolveGraph}, "its second parameter has type *mcp.CallToolRequest, not mcp.CallToolRequest; want " + rules.WantMCPGoHandler},
		{"CallToolResult", func(context.Context, mcp.CallToolRequest, orderIn, backorder) (*mcp.CallToolResult, error) {
			return nil, nil
		},
			[]Rule{RuleResolveMix}, "returns *mcp.CallToolResult, which can carry an input-required result"},
		{"InputRequiredResult", func(context.Context, mcp.CallToolRequest, orderIn, backorder) (mcp.InputRequiredResult, error) {
			return mcp.InputRequiredResult{}, nil
		}, []Rule{RuleResolveMix}, "returns mcp.InputRequiredResult"},
		{"a struct embedding MultiRoundTripResult", func(context.Context, mcp.CallToolRequest, orderIn, backorder) (*embedsRoundTrip, error) {
			return nil, nil
		},
			[]Rule{RuleResolveMix}, "returns *resolve.embedsRoundTrip"},
		{"a type defined from CallToolResult", func(context.Context, mcp.CallToolRequest, orderIn, backorder) (definedResult, error) {
			return definedResult{}, nil
		}, []Rule{RuleResolveMix}, "returns resolve.definedResult"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := AddTool(newServer(), mcp.NewTool("order_book"), tc.handler, askBackorder)
			if !slices.Equal(Rules(err), tc.want) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("AddTool: %v, want %v containing %q", err, tc.want, tc.msg)
			}
		})
	}
	// Without resolved parameters a tool may return its own result.
	if err := AddTool(newServer(), mcp.NewTool("plain"), func(context.Context, mcp.CallToolRequest, orderIn) (*mcp.CallToolResult, error) { return nil, nil }); err != nil {
		t.Errorf("a plain tool returning *mcp.CallToolResult: %v", err)
	}
	err := AddTool(newServer(), mcp.NewTool("any"), func(context.Context, mcp.CallToolRequest, orderIn, map[string]any) (string, error) { return "", nil },
		func() (Elicit[map[string]any], error) { return Ask[map[string]any]("?"), nil })
	if !slices.Equal(Rules(err), []Rule{RuleElicitBase}) {
		t.Errorf("Elicit over a map: %v, want elicitbase", err)
	}
	err = AddResource(newServer(), mcp.NewResource("file:///a", "a"), func(context.Context, mcp.ReadResourceRequest, backorder) (*mcp.ReadResourceResult, error) {
		return nil, nil
	}, askBackorder)
	if !slices.Equal(Rules(err), []Rule{RuleResolveGraph}) || !strings.Contains(err.Error(), "not []mcp.ResourceContents; want "+rules.WantMCPGoResourceHandler) {
		t.Errorf("a resource handler with the wrong result: %v", err)
	}
	err = AddPrompt(newServer(), mcp.NewPrompt("p"), func(context.Context, *mcp.GetPromptRequest, backorder) (*mcp.GetPromptResult, error) { return nil, nil }, askBackorder)
	if !slices.Equal(Rules(err), []Rule{RuleResolveGraph}) || !strings.Contains(err.Error(), "not mcp.GetPromptRequest; want "+rules.WantMCPGoPromptHandler) {
		t.Errorf("a prompt handler with the wrong request: %v", err)
	}
}

// TestServerName pins that the name mcp-go keeps unexported can be read,
// with the mcp-go in go.mod: the default audience of sealed state.
func TestServerName(t *testing.T) {
	if name, ok := serverName(server.NewMCPServer("bookstore", "v1")); !ok || name != "bookstore" {
		t.Errorf("serverName = %q, %v; want bookstore, true", name, ok)
	}
	if _, ok := serverName(nil); ok {
		t.Error("serverName(nil) reports a name")
	}
}

// The Must forms panic on a rejected registration and register a good one.
func TestMustForms(t *testing.T) {
	bad := func(context.Context) (string, error) { return "", nil } // not a handler of any method
	good := func(context.Context, mcp.GetPromptRequest, backorder) (*mcp.GetPromptResult, error) { return nil, nil }
	goodResource := func(context.Context, mcp.ReadResourceRequest, backorder) ([]mcp.ResourceContents, error) {
		return nil, nil
	}
	template := mcp.NewResourceTemplate("file:///{name}", "files")
	for name, register := range map[string]func(s *server.MCPServer, handler any){
		"MustAddPrompt": func(s *server.MCPServer, h any) { MustAddPrompt(s, mcp.NewPrompt("p"), h, askBackorder) },
		"MustAddResource": func(s *server.MCPServer, h any) {
			MustAddResource(s, mcp.NewResource("file:///a", "a"), h, askBackorder)
		},
		"MustAddResourceTemplate": func(s *server.MCPServer, h any) {
			MustAddResourceTemplate(s, template, h, askBackorder)
		},
	} {
		t.Run(name, func(t *testing.T) {
			h := any(good)
			if name != "MustAddPrompt" {
				h = goodResource
			}
			register(server.NewMCPServer("test", "v0"), h)
			defer func() {
				if recover() == nil {
					t.Errorf("%s accepted a bad handler", name)
				}
			}()
			register(server.NewMCPServer("test", "v0"), bad) //mcplint:ignore resolvegraph a bad handler on purpose: the Must form must panic
		})
	}
}
