// Package missing_pointer is a case of the agreement corpus: a handler that
// needs *Stock while the resolver provides Stock: types match exactly.
//
//agree:want resolvegraph/missing-provider resolvegraph/unused-resolver
package missing_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s *kit.Stock) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_pointer"}, handle, kit.CheckStock)
}
