// Package mcpgo_mix_must is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: resolve.MustAddTool panics with
// the same errors.
//
//agree:want resolvemix/declared
package mcpgo_mix_must

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, s mgkit.Stock) (mcp.CallToolResult, error) {
	return mcp.CallToolResult{}, nil
}

func Register(s *server.MCPServer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	resolve.MustAddTool(s, mcp.NewTool("mcpgo_mix_must"), handle, mgkit.CheckStock)
	return nil
}
