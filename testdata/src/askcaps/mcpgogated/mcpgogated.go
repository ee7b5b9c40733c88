// Package mcpgogated asks only what the client declared, on mcp-go. // want package:`readsCapabilities\(elicitation, roots\)`
package mcpgogated

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func declared(ctx context.Context) mcp.ClientCapabilities {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		return s.GetClientCapabilities()
	}
	return mcp.ClientCapabilities{}
}

func deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps := declared(ctx)
	if caps.Elicitation == nil || caps.Roots == nil {
		return mcp.NewToolResultError("this tool needs elicitation and roots"), nil
	}
	if server.ElicitationResponse(req.Params.InputResponses, "confirm") != nil {
		return mcp.NewToolResultText("deployed"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("confirm", mcp.ElicitationParams{Message: "Deploy?"}).
		Roots("roots").
		ToolResult(), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deploy"), deploy)
}
