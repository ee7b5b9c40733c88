// Package mcpgo_prompt_good is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a prompt with a resolved value.
//
//agree:want none
package mcpgo_prompt_good

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func stock(ctx context.Context, req mcp.GetPromptRequest) (mgkit.Stock, error) {
	return mgkit.Stock{}, nil
}

func render(ctx context.Context, req mcp.GetPromptRequest, s mgkit.Stock) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddPrompt(s, mcp.NewPrompt("mcpgo_prompt_good"), render, stock)
}
