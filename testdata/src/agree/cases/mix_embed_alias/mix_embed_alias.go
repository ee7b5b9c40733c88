// Package mix_embed_alias is a case of the agreement corpus: a resolver tool
// whose result embeds mcp.CallToolResult through an alias.
//
//agree:want resolvemix/declared
package mix_embed_alias

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Result = mcp.CallToolResult

type Out struct{ *Result }

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (Out, error) {
	return Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_embed_alias"}, handle, kit.CheckStock)
}
