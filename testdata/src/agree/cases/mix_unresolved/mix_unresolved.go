// Package mix_unresolved is a case of the agreement corpus: a handler whose
// resolved parameter has no provider has no resolved parameters: only the
// missing provider is reported.
//
//agree:want resolvegraph/missing-provider
package mix_unresolved

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
	return resolve.AddTool(s, &mcp.Tool{Name: "mix_unresolved"}, handle)
}
