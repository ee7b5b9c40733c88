// Package handiter never reads an answer by its key: it ranges over the
// responses, so a key that changes every round is harmless.
package handiter

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func tool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	for _, resp := range req.Params.InputResponses {
		if r, ok := resp.(*mcp.ElicitResult); ok && r.Action == "accept" {
			return &mcp.CallToolResult{}, nil, nil
		}
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{time.Now().String(): &mcp.ElicitParams{Message: "sure?"}}}, nil, nil
}

func Register(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "t"}, tool) }
