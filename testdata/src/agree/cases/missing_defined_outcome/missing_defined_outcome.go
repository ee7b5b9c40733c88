// Package missing_defined_outcome is a case of the agreement corpus: a type
// defined from resolve.Outcome[T] is a plain value that a resolver must
// provide.
//
//agree:want resolvegraph/missing-provider resolvegraph/unused-resolver
package missing_defined_outcome

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Seen resolve.Outcome[kit.Stock]

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s Seen) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_defined_outcome"}, handle, kit.CheckStock)
}
