// Package mcpgo_handler_pointer_request is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a handler that takes
// *mcp.CallToolRequest; mcp-go passes the request as a value.
//
//agree:want resolvegraph/handler-signature
package mcpgo_handler_pointer_request

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in mgkit.In) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_handler_pointer_request"), handle)
}
