// Package crossguard checks the version through another package's helper.
package crossguard

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/syncask/versions"
)

func guarded(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if versions.Legacy(req) {
		if _, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}); err != nil {
			return nil, err
		}
	}
	return &mcp.CallToolResult{}, nil
}

// forgot is a handler of the same package that asks without the check.
func forgot(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
	return nil, err
}
