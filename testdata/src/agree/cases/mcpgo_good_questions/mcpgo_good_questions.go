// Package mcpgo_good_questions is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a form with an explicit schema,
// sampling and roots, each answered by mcp-go's types.
//
//agree:want none
package mcpgo_good_questions

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func askForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("?", &jsonschema.Schema{Type: "object"}), nil
}

func askSampling(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.AskSampling(mcp.CreateMessageParams{MaxTokens: 10}), nil
}

func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, f resolve.Form, m *mcp.CreateMessageResult, r resolve.Outcome[*mcp.ListRootsResult]) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_good_questions"), handle, askForm, askSampling, askRoots)
}
