// Package mix_embed_value is a case of the agreement corpus: a resolver tool
// whose result embeds mcp.CallToolResult, two levels down.
//
//agree:want resolvemix/declared
package mix_embed_value

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Inner struct{ mcp.CallToolResult }

type Result struct{ Inner }

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (*Result, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_embed_value"}, handle, kit.CheckStock)
}
