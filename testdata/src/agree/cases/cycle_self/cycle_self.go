// Package cycle_self is a case of the agreement corpus: a resolver that needs
// what it provides, through an Outcome.
//
//agree:want resolvegraph/cycle
package cycle_self

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

func self(ctx context.Context, a resolve.Outcome[A]) (A, error) { return A{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "cycle_self"}, handle, self)
}
