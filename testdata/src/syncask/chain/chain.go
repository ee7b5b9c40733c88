// Package chain asks through another package's helper: the request is
// reported once, at the SDK call in package helpers.
package chain

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/syncask/helpers"
)

func deleteTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ok, err := helpers.Confirm(ctx, req.Session, "delete?"); err != nil || !ok {
		return nil, errors.New("not confirmed")
	}
	return &mcp.CallToolResult{}, nil
}

var _ = deleteTool
