package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// kindsTool asks the client's model and the client's roots, in one round.
func kindsTool(t testing.TB, s *mcp.Server) {
	t.Helper()
	sample := func(ctx context.Context, in orderIn) (Elicit[*mcp.CreateMessageWithToolsResult], error) {
		return AskSampling(&mcp.CreateMessageWithToolsParams{
			MaxTokens: 50,
			Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Blurb for " + in.Title}}}},
		}), nil
	}
	roots := func(ctx context.Context) (Elicit[*mcp.ListRootsResult], error) { return AskRoots(), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, m *mcp.CreateMessageWithToolsResult, r *mcp.ListRootsResult) (map[string]any, error) {
		var blurb string
		for _, c := range m.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				blurb += tc.Text
			}
		}
		var uris []string
		for _, root := range r.Roots {
			uris = append(uris, root.URI)
		}
		return map[string]any{"blurb": blurb, "roots": uris}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "kinds"}, handler, sample, roots)
}

func TestSamplingAndRoots(t *testing.T) {
	for _, version := range []string{"", "2025-11-25"} {
		t.Run("version="+version, func(t *testing.T) {
			s := newServer()
			kindsTool(t, s)
			var samples counter
			client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, &mcp.ClientOptions{
				CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
					samples.inc()
					in := req.Params.Messages[0].Content.(*mcp.TextContent).Text
					return &mcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &mcp.TextContent{Text: "model says: " + in}}, nil
				},
			})
			client.AddRoots(&mcp.Root{URI: "file:///books"})
			ct, st := mcp.NewInMemoryTransports()
			if _, err := s.Connect(context.Background(), st, nil); err != nil {
				t.Fatal(err)
			}
			cs, err := client.Connect(context.Background(), ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			var out struct {
				Blurb string   `json:"blurb"`
				Roots []string `json:"roots"`
			}
			structured(t, call(t, cs, &mcp.CallToolParams{Name: "kinds", Arguments: map[string]any{"title": "Dune"}}), &out)
			if out.Blurb != "model says: Blurb for Dune" || len(out.Roots) != 1 || out.Roots[0] != "file:///books" {
				t.Errorf("result = %+v", out)
			}
			if samples.get() != 1 {
				t.Errorf("sampled %d times, want 1", samples.get())
			}
		})
	}
}

func TestSamplingNeedsCapability(t *testing.T) {
	s := newServer()
	kindsTool(t, s)
	cs := session(t, s, &mcp.ClientOptions{}, "") // roots (the default), no sampling
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "kinds", Arguments: map[string]any{"title": "Dune"}})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != mcp.CodeMissingRequiredClientCapabilities {
		t.Fatalf("err = %v, want -32021", err)
	}
	var data struct {
		Required map[string]json.RawMessage `json:"requiredCapabilities"`
	}
	if err := json.Unmarshal(wire.Data, &data); err != nil || len(data.Required) != 1 || data.Required["sampling"] == nil {
		t.Errorf("data = %s, want only sampling required", wire.Data)
	}
}
