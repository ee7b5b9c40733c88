// Package mix_generic_type is a case of the agreement corpus: a resolver tool
// whose result is a generic struct, instantiated, that embeds
// mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_generic_type

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type WithMeta[M any] struct {
	mcp.CallToolResult
	Meta M
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (*WithMeta[int], error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_generic_type"}, handle, kit.CheckStock)
}
