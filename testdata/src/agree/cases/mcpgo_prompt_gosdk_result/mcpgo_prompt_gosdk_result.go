// Package mcpgo_prompt_gosdk_result is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a prompt handler that returns
// go-sdk's *mcp.GetPromptResult.
//
//agree:want resolvegraph/handler-signature
package mcpgo_prompt_gosdk_result

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func render(ctx context.Context, req mcp.GetPromptRequest) (*gosdk.GetPromptResult, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddPrompt(s, mcp.NewPrompt("mcpgo_prompt_gosdk_result"), render)
}
