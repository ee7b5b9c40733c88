// Package mcpgo_mix_embed is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver tool whose result embeds
// mcp.InputRequiredResult, through a pointer.
//
//agree:want resolvemix/declared
package mcpgo_mix_embed

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type Result struct {
	*mcp.InputRequiredResult
	Note string `json:"note"`
}

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, s mgkit.Stock) (Result, error) {
	return Result{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_mix_embed"), handle, mgkit.CheckStock)
}
