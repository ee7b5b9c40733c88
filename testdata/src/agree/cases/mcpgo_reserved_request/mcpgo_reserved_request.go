// Package mcpgo_reserved_request is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver that provides
// mcp.CallToolRequest, which the engine supplies.
//
//agree:want resolvegraph/reserved-type
package mcpgo_reserved_request

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func provide(ctx context.Context) (mcp.CallToolRequest, error) { return mcp.CallToolRequest{}, nil }

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_reserved_request"), mgkit.WithStock, mgkit.CheckStock, provide)
}
