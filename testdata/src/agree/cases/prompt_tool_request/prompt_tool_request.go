// Package prompt_tool_request is a case of the agreement corpus: a
// prompt's resolver that takes a tool's request, which nothing provides
// in a prompt, and a request after the fixed parameters.
//
//agree:want resolvegraph/missing-provider resolvegraph/parameter-kind
package prompt_tool_request

import (
	"context"
	"errors"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Branch struct{ Name string }

func branch(ctx context.Context, req *mcp.CallToolRequest) (Branch, error) { return Branch{}, nil }

func render(ctx context.Context, req *mcp.GetPromptRequest, b Branch) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func again(ctx context.Context, req *mcp.GetPromptRequest, b Branch, r *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *mcp.Server) error {
	return errors.Join(
		resolve.AddPrompt(s, &mcp.Prompt{Name: "prompt_tool_request"}, render, branch),
		resolve.AddPrompt(s, &mcp.Prompt{Name: "prompt_tool_request_again"}, again, func(ctx context.Context) (Branch, error) { return Branch{}, nil }))
}
