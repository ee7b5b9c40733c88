package main

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server's tools and prompt through go-sdk's client over streamable
// HTTP on protocol 2026-07-28, answering as the conformance suite does.
// scripts/conformance.sh runs the suite itself against the server. Not the
// roots questions: mcp-go sends roots/list without params, which go-sdk
// v1.8.0's client cannot decode ("unexpected end of JSON input"); the
// suite's client takes it.
func TestToolsAndPrompt(t *testing.T) {
	s, err := newServer(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.NewStreamableHTTPServer(s, server.WithStateLess(true), server.WithStreamableHTTPLogger(slog.New(slog.DiscardHandler))))
	defer srv.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			content := map[string]any{"name": "Alice"}
			switch {
			case strings.Contains(req.Params.Message, "color"):
				content = map[string]any{"color": "blue"}
			case strings.Contains(req.Params.Message, "confirm"):
				content = map[string]any{"ok": true}
			case strings.Contains(req.Params.Message, "context"):
				content = map[string]any{"context": "test context"}
			}
			return &mcp.ElicitResult{Action: "accept", Content: content}, nil
		},
	})
	ctx := context.Background()
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for tool, want := range map[string]string{
		"test_input_required_result_elicitation":   `{"text":"Hello, Alice!"}`,
		"test_input_required_result_multi_round":   `{"text":"Multi-round complete: Alice likes blue"}`,
		"test_input_required_result_request_state": `{"text":"state-ok: requestState received and verified, confirmation ok=true"}`,
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; res.IsError || got != want {
			t.Errorf("%s: %q (error %v), want %q", tool, got, res.IsError, want)
		}
	}
	p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Messages[0].Content.(*mcp.TextContent).Text; got != "Context: test context" {
		t.Errorf("prompt: %q, want the context the user gave", got)
	}
}
