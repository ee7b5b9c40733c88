// Package handmcpgo asks hand-written elicitations on mcp-go, with
// server.NewInputRequestBuilder and in legacy requests.
package handmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func proceedSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"proceed": map[string]any{"type": "boolean", "description": "go ahead"},
		},
		"required": []string{"proceed"},
	}
}

// deploy asks a flat form.
func deploy(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(request.Params.InputResponses, "confirm") != nil {
		return mcp.NewToolResultText("done"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("confirm", mcp.ElicitationParams{Message: "Deploy?", RequestedSchema: proceedSchema()}).
		ToolResult(), nil
}

// nested asks for an object inside the form.
func nested(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"target": map[string]any{"type": "object"}, // want `^property "target" of the elicitation's requested schema has type "object"`
		},
	}
	return server.NewInputRequestBuilder("").
		Elicit("target", mcp.ElicitationParams{Message: "Where?", RequestedSchema: schema}).
		ToolResult(), nil
}

// legacy sends the legacy request with a property of two types.
func legacy(ctx context.Context, s *server.MCPServer) {
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Name?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"type": []string{"null", "string"}}}, // want `^property "name" of the elicitation's requested schema has a list of types, not one`
		},
	}})
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deploy"), deploy)
	s.AddTool(mcp.NewTool("nested"), nested)
}

var _ = legacy
