// Package good_sampling is a case of the agreement corpus: a sampling
// question: its answer type has no form schema, and needs none.
//
//agree:want none
package good_sampling

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func summarize(ctx context.Context, in kit.In) (resolve.Elicit[*mcp.CreateMessageWithToolsResult], error) {
	return resolve.AskSampling(&mcp.CreateMessageWithToolsParams{MaxTokens: 100}), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, r *mcp.CreateMessageWithToolsResult) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_sampling"}, handle, summarize)
}
