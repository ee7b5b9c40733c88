// Package harnessuse runs its tools on the harness's server: its
// MCPServer requests are kept working by the opt-in.
package harnessuse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/syncask/harness"
)

func register() {
	s := harness.NewServer()
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
}

var _ = register
