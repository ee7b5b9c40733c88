// Package mcpgo_answer_gosdk_sampling is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: go-sdk's sampling result is no
// explicit answer of the mcp-go binding: its form schema would be
// inferred, and it has none.
//
//agree:want elicitbase/answer-type
package mcpgo_answer_gosdk_sampling

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context) (resolve.Elicit[*gosdk.CreateMessageWithToolsResult], error) {
	return resolve.Given[*gosdk.CreateMessageWithToolsResult](nil), nil
}

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, r *gosdk.CreateMessageWithToolsResult) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_answer_gosdk_sampling"), handle, ask)
}
