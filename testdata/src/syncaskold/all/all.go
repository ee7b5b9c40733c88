// Package all is the same code, checked with -syncask.all.
package all

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func deleteTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "delete?"}) // want `^ServerSession.Elicit will fail on sessions at protocol 2026-07-28 or later \(go-sdk v1.7.0 and later refuse`
	return nil, err
}

var _ = deleteTool
