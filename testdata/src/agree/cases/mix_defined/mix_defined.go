// Package mix_defined is a case of the agreement corpus: a resolver tool whose
// result points to a type defined from mcp.CallToolResult.
//
//agree:want resolvemix/declared
package mix_defined

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Result mcp.CallToolResult

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (*Result, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_defined"}, handle, kit.CheckStock)
}
