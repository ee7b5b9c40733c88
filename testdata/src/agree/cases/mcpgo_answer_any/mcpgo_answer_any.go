// Package mcpgo_answer_any is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resolver typed Elicit[any].
//
//agree:want elicitbase/answer-type
package mcpgo_answer_any

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func ask(ctx context.Context) (resolve.Elicit[any], error) { return resolve.Given[any](nil), nil }

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, a any) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_answer_any"), handle, ask)
}
