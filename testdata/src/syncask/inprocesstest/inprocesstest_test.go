package inprocesstest

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestProxy drives its own server in process; the request its own tool
// makes is the test's business, not reported.
func TestProxy(t *testing.T) {
	s := server.NewMCPServer("s", "1")
	s.AddTool(mcp.NewTool("ask"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{})
		return nil, err
	})
	if _, err := client.NewInProcessClient(s); err != nil {
		t.Fatal(err)
	}
	(&Proxy{}).SetServer(s)
}
