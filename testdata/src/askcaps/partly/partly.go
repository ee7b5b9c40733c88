// Package partly checks one capability and asks for another. // want package:`readsCapabilities\(elicitation\)`
package partly

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

func plan(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if req.ClientCapabilities().Elicitation == nil {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"goal":  &mcp.ElicitParams{Message: "Goal?"},
		"draft": &mcp.CreateMessageWithToolsParams{MaxTokens: 100}, // want `partly.plan sends a sampling input request without checking that the client declared sampling`
	}}, nil, nil
}
