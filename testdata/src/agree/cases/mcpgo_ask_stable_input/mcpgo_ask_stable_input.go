// Package mcpgo_ask_stable_input is a case of the agreement corpus, registered through
// the runtime's mcp-go binding and called through a real client as well:
// the question is built from the input alone: the
// call finishes, and askstable reports nothing.
//
//agree:want none
package mcpgo_ask_stable_input

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func confirm(ctx context.Context, in mgkit.In) (resolve.Elicit[mgkit.Backorder], error) {
	return resolve.Ask[mgkit.Backorder]("order " + in.Title + "?"), nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_ask_stable_input"), mgkit.WithBackorder, confirm)
}
