// Package resource_runtime_cycle is a case of the agreement corpus: a
// resource registered through a Runtime of one's own, whose resolvers form
// a cycle.
//
//agree:want resolvegraph/cycle
package resource_runtime_cycle

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type A struct{ N int }
type B struct{ N int }

func a(ctx context.Context, b B) (A, error) { return A{}, nil }
func b(ctx context.Context, a A) (B, error) { return B{}, nil }

func read(ctx context.Context, req *mcp.ReadResourceRequest, x A) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func Register(s *mcp.Server) error {
	rt, err := resolve.New(nil)
	if err != nil {
		return err
	}
	return rt.AddResource(s, &mcp.Resource{URI: "file:///cycle", Name: "cycle"}, read, a, b)
}
