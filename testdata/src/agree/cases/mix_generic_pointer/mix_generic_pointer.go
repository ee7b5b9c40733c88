// Package mix_generic_pointer is a case of the agreement corpus: a resolver
// tool whose result is a generic pointer type instantiated with
// mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_generic_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Ptr[T any] *T

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (Ptr[mcp.CallToolResult], error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_generic_pointer"}, handle, kit.CheckStock)
}
