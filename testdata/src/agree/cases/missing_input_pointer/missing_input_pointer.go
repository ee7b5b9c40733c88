// Package missing_input_pointer is a case of the agreement corpus: a tool
// whose input is *In: a resolver that takes In needs a provider of In.
//
//agree:want resolvegraph/missing-provider
package missing_input_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in *kit.In, s kit.Stock) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_input_pointer"}, handle, kit.CheckStock)
}
