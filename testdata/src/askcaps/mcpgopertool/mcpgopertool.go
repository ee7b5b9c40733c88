// Package mcpgopertool registers several mcp-go tools; each is judged on // want package:`readsCapabilities\(elicitation\)`
// its own paths.
package mcpgopertool

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// canAsk reads what the session's client declared.
func canAsk(ctx context.Context) bool {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	return ok && s.GetClientCapabilities().Elicitation != nil
}

func deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canAsk(ctx) {
		return mcp.NewToolResultError("deploy needs a client that can ask its user"), nil
	}
	if server.ElicitationResponse(req.Params.InputResponses, "confirm") != nil {
		return mcp.NewToolResultText("deployed"), nil
	}
	return confirm("confirm"), nil
}

// confirm is the handlers' helper.
func confirm(key string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit(key, mcp.ElicitationParams{Message: "Go ahead?"}). // want `mcpgopertool.confirm sends an elicitation input request without checking`
		ToolResult()
}

// rollback asks through the same helper, unchecked.
func rollback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return confirm("rollback"), nil
}

type api struct{}

// drain is registered as a method value and never checks.
func (api) drain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return server.NewInputRequestBuilder("").Elicit("drain", mcp.ElicitationParams{Message: "Drain?"}).ToolResult(), nil // want `mcpgopertool.api.drain sends an elicitation input request without checking`
}

func (api) scale(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canAsk(ctx) {
		return mcp.NewToolResultError("scale needs a client that can ask its user"), nil
	}
	return confirm("scale"), nil
}

func Register(s *server.MCPServer) {
	var a api
	s.AddTool(mcp.NewTool("deploy"), deploy)
	s.AddTool(mcp.NewTool("scale"), a.scale)
	s.AddTool(mcp.NewTool("rollback"), rollback)
	s.AddTool(mcp.NewTool("drain"), a.drain)
	s.AddTool(mcp.NewTool("restart"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("restart needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("restart", mcp.ElicitationParams{Message: "Restart?"}).
			ToolResult(), nil
	})
}
