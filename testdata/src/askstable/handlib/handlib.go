// Package handlib reads its answers only through the team's helper in
// package answers: the key must still be found again.
package handlib

import (
	"context"
	"time"

	"example.com/askstable/answers"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func tool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	key := time.Now().String()
	if answers.Accepted(req, key) {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: "sure?"}}}, nil, nil // want `^the input request's key depends on time.Now`
}

func Register(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "t"}, tool) }
