// Package pinned connects its own client at the legacy protocol version,
// as the SDK's examples do: it distinguishes versions, and no handler of
// it asks, so nothing is reported.
package pinned

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func run(ctx context.Context) error {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcp.NewServer(&mcp.Implementation{Name: "s"}, nil).Connect(ctx, st, nil)
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
