// Package mcpgo_duplicate_provider is a case of the agreement corpus,
// registered through the runtime's mcp-go binding: two resolvers provide
// one type.
//
//agree:want resolvegraph/duplicate-provider
package mcpgo_duplicate_provider

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func recount(ctx context.Context, req mcp.CallToolRequest) (mgkit.Stock, error) {
	return mgkit.Stock{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_duplicate_provider"), mgkit.WithStock, mgkit.CheckStock, recount)
}
