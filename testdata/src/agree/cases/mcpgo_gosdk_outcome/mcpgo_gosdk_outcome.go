// Package mcpgo_gosdk_outcome is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a go-sdk resolve.Outcome is a
// plain value type to the mcp-go binding, which no resolver provides.
//
//agree:want resolvegraph/missing-provider
package mcpgo_gosdk_outcome

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	gosdkresolve "github.com/mcplint/mcplint/runtime/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, b gosdkresolve.Outcome[mgkit.Backorder]) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_gosdk_outcome"), handle)
}
