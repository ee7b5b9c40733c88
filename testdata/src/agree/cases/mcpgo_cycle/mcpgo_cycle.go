// Package mcpgo_cycle is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: two resolvers that need each other.
//
//agree:want resolvegraph/cycle
package mcpgo_cycle

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type A struct{ N int }
type B struct{ N int }

func provideA(ctx context.Context, b B) (A, error) { return A{}, nil }
func provideB(ctx context.Context, a A) (B, error) { return B{}, nil }

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, a A) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_cycle"), handle, provideA, provideB)
}
