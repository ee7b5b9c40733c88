// Package cycle_three is a case of the agreement corpus: three resolvers that
// need each other.
//
//agree:want resolvegraph/cycle
package cycle_three

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type (
	A struct{ N int }
	B struct{ N int }
	C struct{ N int }
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a A) (kit.Out, error) {
	return kit.Out{}, nil
}

func a(ctx context.Context, b B) (A, error) { return A{}, nil }
func b(ctx context.Context, c C) (B, error) { return B{}, nil }
func c(ctx context.Context, a A) (C, error) { return C{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "cycle_three"}, handle, a, b, c)
}
