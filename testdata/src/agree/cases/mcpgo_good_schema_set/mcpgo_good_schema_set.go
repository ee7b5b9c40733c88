// Package mcpgo_good_schema_set is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: the same input type, with an input
// schema of the tool's own: nothing is inferred.
//
//agree:want none
package mcpgo_good_schema_set

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
	return resolve.AddTool(s, mcp.NewTool("mcpgo_good_schema_set", mcp.WithString("c")), handle)
}
