// Package unknownkind puts requests whose kind is not known statically:
// nothing to judge.
package unknownkind

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

// Forward re-asks whatever another component decided to ask.
func Forward(next mcp.InputRequest) func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"next": next}}, nil, nil
	}
}
