// Package inprocess connects its client in process, where mcp-go sends no
// protocol message and lets the server's requests through.
package inprocess

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func run(ctx context.Context) error {
	s := server.NewMCPServer("s", "1")
	s.AddTool(mcp.NewTool("summarize"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		return err
	}
	return c.Start(ctx)
}

var _ = run
