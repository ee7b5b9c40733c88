// Package mcpgo_resolver_signature is a case of the agreement corpus,
// registered through the runtime's mcp-go binding: a resolver with one
// result.
//
//agree:want resolvegraph/resolver-signature resolvegraph/missing-provider
package mcpgo_resolver_signature

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func stock(ctx context.Context, req mcp.CallToolRequest) mgkit.Stock { return mgkit.Stock{} }

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_resolver_signature"), mgkit.WithStock, stock)
}
