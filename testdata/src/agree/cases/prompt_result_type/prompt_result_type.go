// Package prompt_result_type is a case of the agreement corpus: a prompt
// handler that returns a type of its own instead of *mcp.GetPromptResult.
//
//agree:want resolvegraph/handler-signature
package prompt_result_type

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Text struct{ S string }

func render(ctx context.Context, req *mcp.GetPromptRequest) (Text, error) { return Text{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddPrompt(s, &mcp.Prompt{Name: "prompt_result_type"}, render)
}
