// Package mcpgo_unused is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver nobody uses.
//
//agree:want resolvegraph/unused-resolver
package mcpgo_unused

import (
	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_unused"), mgkit.WithStock, mgkit.CheckStock, mgkit.Confirm)
}
