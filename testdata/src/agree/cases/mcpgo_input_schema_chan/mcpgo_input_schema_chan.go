// Package mcpgo_input_schema_chan is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: an input type with no JSON schema,
// from mcp.NewTool with no schema options.
//
//agree:want resolvegraph/input-schema
package mcpgo_input_schema_chan

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type In struct {
	C chan int `json:"c"`
}

func handle(ctx context.Context, req mcp.CallToolRequest, in In) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_input_schema_chan", mcp.WithDescription("d"), mcp.WithReadOnlyHintAnnotation(true)), handle)
}
