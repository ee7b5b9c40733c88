// Package mix_generic_handler is a case of the agreement corpus: a generic
// handler instantiated to return *mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_generic_handler

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle[R any](ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (R, error) {
	return *new(R), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_generic_handler"}, handle[*mcp.CallToolResult], kit.CheckStock)
}
