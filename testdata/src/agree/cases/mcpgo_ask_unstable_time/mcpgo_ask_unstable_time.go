// Package mcpgo_ask_unstable_time is a case of the agreement corpus, registered through
// the runtime's mcp-go binding and called through a real client as well:
// the question carries the time it is asked at, so it
// is new every round. It registers fine; askstable reports the question,
// and the runtime ends the call.
//
//agree:want none
package mcpgo_ask_unstable_time

import (
	"context"
	"time"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func confirm(ctx context.Context, in mgkit.In) (resolve.Elicit[mgkit.Backorder], error) {
	return resolve.Ask[mgkit.Backorder]("order " + in.Title + "? (asked " + time.Now().Format(time.RFC3339Nano) + ")"), nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_ask_unstable_time"), mgkit.WithBackorder, confirm)
}
