// Package mix_embed_pointer is a case of the agreement corpus: a resolver tool
// whose result embeds *mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_embed_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Result struct {
	*mcp.CallToolResult
	Extra string `json:"extra"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (Result, error) {
	return Result{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_embed_pointer"}, handle, kit.CheckStock)
}
