// Package pinned connects its own client at the legacy protocol version,
// as the SDK's examples and benchmarks do: its server asks only sessions
// it opened at 2025-11-25, so nothing is reported, even in a handler.
package pinned

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func run(ctx context.Context) error {
	st, ct := mcp.NewInMemoryTransports()
	server := mcp.NewServer(&mcp.Implementation{Name: "s"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "confirm"}, func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
		return nil, nil, err
	})
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil)
	if _, err := c.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"}); err != nil {
		return err
	}
	_, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	return err
}

var _ = run
