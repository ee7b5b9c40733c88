// Package mcpgo_good_own_result is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a tool without resolvers may
// return *mcp.CallToolResult and drive the flow itself.
//
//agree:want none
package mcpgo_good_own_result

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_good_own_result"), handle)
}
