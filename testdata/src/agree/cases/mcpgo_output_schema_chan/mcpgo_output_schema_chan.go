// Package mcpgo_output_schema_chan is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a result type with no JSON schema,
// in an mcp.Tool literal.
//
//agree:want resolvegraph/output-schema
package mcpgo_output_schema_chan

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In) (chan int, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.Tool{Name: "mcpgo_output_schema_chan"}, handle)
}
