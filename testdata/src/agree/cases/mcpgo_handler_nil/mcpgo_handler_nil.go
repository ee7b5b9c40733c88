// Package mcpgo_handler_nil is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a nil handler.
//
//agree:want resolvegraph/handler-signature
package mcpgo_handler_nil

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_handler_nil"), nil)
}
