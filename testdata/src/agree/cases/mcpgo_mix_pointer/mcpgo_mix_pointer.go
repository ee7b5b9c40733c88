// Package mcpgo_mix_pointer is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver tool that returns *mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mcpgo_mix_pointer

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, s mgkit.Stock) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_mix_pointer"), handle, mgkit.CheckStock)
}
