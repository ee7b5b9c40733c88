// Package mix_outcome_only is a case of the agreement corpus: a handler whose
// only resolved parameter is an Outcome is still a resolver tool.
//
//agree:want resolvemix/declared
package mix_outcome_only

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, b resolve.Outcome[kit.Backorder]) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_outcome_only"}, handle, kit.CheckStock, kit.Confirm)
}
