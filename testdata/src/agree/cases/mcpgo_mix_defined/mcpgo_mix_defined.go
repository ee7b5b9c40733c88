// Package mcpgo_mix_defined is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver tool whose result is a type
// defined from mcp.GetPromptResult, which has its embedded
// mcp.MultiRoundTripResult.
//
//agree:want resolvemix/declared
package mcpgo_mix_defined

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type Result mcp.GetPromptResult

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, s mgkit.Stock) (*Result, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_mix_defined"), handle, mgkit.CheckStock)
}
