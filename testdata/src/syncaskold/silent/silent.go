// Package silent is built against go-sdk v1.6.1, which sends
// server-to-client requests on every session: nothing is reported without
// the flag -syncask.all.
package silent

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func deleteTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "delete?"})
	return nil, err
}

var _ = deleteTool
