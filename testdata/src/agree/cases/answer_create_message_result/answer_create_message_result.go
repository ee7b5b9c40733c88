// Package answer_create_message_result is a case of the agreement corpus:
// Elicit[*mcp.CreateMessageResult], not the *mcp.CreateMessageWithToolsResult
// of AskSampling.
//
//agree:want elicitbase/answer-type
package answer_create_message_result

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a *mcp.CreateMessageResult) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.Given(*new(*mcp.CreateMessageResult)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_create_message_result"}, handle, ask)
}
