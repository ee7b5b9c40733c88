// Package mcpgo_good_order is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a tool with a computed and an asked value.
//
//agree:want none
package mcpgo_good_order

import (
	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_good_order"), mgkit.Order, mgkit.CheckStock, mgkit.Confirm)
}
