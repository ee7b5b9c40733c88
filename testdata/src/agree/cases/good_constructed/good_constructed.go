// Package good_constructed is a case of the agreement corpus: a resolver tool
// with an interface result that builds an input-required result: resolvemix
// reports it (category constructed), but that is a call-time rule, not a
// registration rule.
//
//agree:want none
package good_constructed

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (any, error) {
	return &mcp.CallToolResult{RequestState: "by hand"}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_constructed"}, handle, kit.CheckStock)
}
