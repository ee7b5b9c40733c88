// Package mix_pointer is a case of the agreement corpus: a resolver tool that
// returns *mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_pointer"}, handle, kit.CheckStock)
}
