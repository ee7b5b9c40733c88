package prompter

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runProbe drives the package's own server from its own client, as
// github-mcp-server's tests do: the prompter it builds holds a session the
// test opened, which says nothing of the sessions real clients bring.
func runProbe(t *testing.T, probe func(context.Context, *sessionPrompter) error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "test"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "probe"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, probe(ctx, &sessionPrompter{session: req.Session})
	})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "client"}, nil)
	if _, err := c.Connect(context.Background(), ct, nil); err != nil {
		t.Fatal(err)
	}
}

func TestPrompt(t *testing.T) {
	runProbe(t, func(ctx context.Context, p *sessionPrompter) error { return p.Prompt(ctx) })
}
