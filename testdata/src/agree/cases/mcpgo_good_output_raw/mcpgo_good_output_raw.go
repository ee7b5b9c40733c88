// Package mcpgo_good_output_raw is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: the same result type, with a raw
// output schema of the tool's own.
//
//agree:want none
package mcpgo_good_output_raw

import (
	"context"
	"encoding/json"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In) (chan int, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_good_output_raw", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object"}`))), handle)
}
