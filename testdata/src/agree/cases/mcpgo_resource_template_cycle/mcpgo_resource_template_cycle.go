// Package mcpgo_resource_template_cycle is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resource template whose
// resolvers need each other, through a Runtime of its own.
//
//agree:want resolvegraph/cycle
package mcpgo_resource_template_cycle

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type A struct{ N int }
type B struct{ N int }

func provideA(ctx context.Context, b B) (A, error) { return A{}, nil }
func provideB(ctx context.Context, a A) (B, error) { return B{}, nil }

func read(ctx context.Context, req mcp.ReadResourceRequest, a A) ([]mcp.ResourceContents, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	rt, err := resolve.New(nil)
	if err != nil {
		return err
	}
	return rt.AddResourceTemplate(s, mcp.NewResourceTemplate("res://{x}", "x"), read, provideA, provideB)
}
