// Package good_plain_result is a case of the agreement corpus: a tool without
// resolvers may return *mcp.CallToolResult and drive the flow by hand.
//
//agree:want none
package good_plain_result

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func plain(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_plain_result"}, plain)
}
