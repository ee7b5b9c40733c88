package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// testServer builds the server's full tool and prompt set.
func testServer(t *testing.T) *mcp.Server {
	t.Helper()
	s, err := newServer(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// connect connects a go-sdk client to s in memory, on the newest protocol.
func connect(t *testing.T, s *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, opts)
	client.AddRoots(&mcp.Root{URI: "file:///test/root", Name: "Test Root"})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// user answers every question the way the conformance suite does.
func user() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			switch {
			case strings.Contains(req.Params.Message, "color"):
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "blue"}}, nil
			case strings.Contains(req.Params.Message, "confirm"):
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
			case strings.Contains(req.Params.Message, "context"):
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"context": "test context"}}, nil
			}
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Alice"}}, nil
		},
		CreateMessageWithToolsHandler: func(_ context.Context, req *mcp.CreateMessageWithToolsRequest) (*mcp.CreateMessageWithToolsResult, error) {
			text := "Hello there!"
			if strings.Contains(req.Params.Messages[0].Content[0].(*mcp.TextContent).Text, "capital") {
				text = "The capital of France is Paris."
			}
			return &mcp.CreateMessageWithToolsResult{Role: "assistant", Model: "test-model",
				Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		},
	}
}

// resultText returns the text of a tool's structured Reply.
func resultText(res *mcp.CallToolResult) string {
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return ""
	}
	var r Reply
	json.Unmarshal(data, &r)
	return r.Text
}

// Every tool, called through a go-sdk client that answers the questions
// round by round.
func TestToolsThroughClient(t *testing.T) {
	cs := connect(t, testServer(t), user())
	tests := []struct{ tool, want string }{
		{"test_input_required_result_elicitation", "Hello, Alice!"},
		{"test_input_required_result_sampling", "Sampling response: The capital of France is Paris."},
		{"test_input_required_result_list_roots", "Client exposed 1 root(s): file:///test/root"},
		{"test_input_required_result_request_state", "state-ok: requestState received and verified, confirmation ok=true"},
		{"test_input_required_result_multiple_inputs", "Hello there! Alice: 1 root(s) visible"},
		{"test_input_required_result_multi_round", "Multi-round complete: Alice likes blue"},
		{"test_input_required_result_tampered_state", "state-ok: requestState received and verified, confirmation ok=true"},
		{"test_input_required_result_capabilities", "Capability-aware input requests fulfilled: name Alice, greeting Hello there!, 1 root(s)"},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.tool, Arguments: map[string]any{}})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError || resultText(res) != tt.want {
				t.Errorf("result = error %v %q, want %q", res.IsError, resultText(res), tt.want)
			}
		})
	}

	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: promptName})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Content.(*mcp.TextContent).Text != "Context: test context" {
		t.Errorf("prompt messages = %v, want the context the user gave", res.Messages)
	}
}

// manual returns a session that hands input-required results back to the
// test instead of answering them.
func manual(t *testing.T, s *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	opts.MultiRoundTrip = &mcp.MultiRoundTripOptions{Disabled: true}
	return connect(t, s, opts)
}

// The multi-round tool asks its dependent question only in round 2, with a
// new requestState.
func TestMultiRoundRounds(t *testing.T) {
	cs := manual(t, testServer(t), user())
	ctx := context.Background()
	name := "test_input_required_result_multi_round"
	r1, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if !r1.NeedsInput() || len(r1.InputRequests) != 1 || r1.RequestState == "" {
		t.Fatalf("round 1: needsInput %v, %d questions, state %q; want one question and state", r1.NeedsInput(), len(r1.InputRequests), r1.RequestState)
	}
	k1 := onlyKey(r1.InputRequests)
	r2, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{k1: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Alice"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if !r2.NeedsInput() || r2.RequestState == r1.RequestState {
		t.Fatalf("round 2: needsInput %v; want a new question and a new state", r2.NeedsInput())
	}
	k2 := onlyKey(r2.InputRequests)
	if msg := r2.InputRequests[k2].(*mcp.ElicitParams).Message; msg != "Step 2: What is your favorite color?" {
		t.Errorf("round 2 asks %q", msg)
	}
	r3, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{k2: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "blue"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if r3.NeedsInput() || resultText(r3) != "Multi-round complete: Alice likes blue" {
		t.Errorf("round 3 = %q, needsInput %v", resultText(r3), r3.NeedsInput())
	}
}

func onlyKey(m mcp.InputRequestMap) string {
	for k := range m {
		return k
	}
	return ""
}

// A tampered requestState is a -32602 protocol error, for the tools and for
// the prompt alike.
func TestTamperedStateIsRejected(t *testing.T) {
	cs := manual(t, testServer(t), user())
	ctx := context.Background()
	wantInvalid := func(t *testing.T, err error) {
		t.Helper()
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams || rpcErr.Message != "Invalid or expired requestState" {
			t.Errorf("error = %v, want -32602 Invalid or expired requestState", err)
		}
	}
	t.Run("tool", func(t *testing.T) {
		name := "test_input_required_result_tampered_state"
		r1, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}, RequestState: r1.RequestState + "-TAMPERED",
			InputResponses: mcp.InputResponseMap{onlyKey(r1.InputRequests): &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}}})
		wantInvalid(t, err)
	})
	t.Run("prompt", func(t *testing.T) {
		r1, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName})
		if err != nil {
			t.Fatal(err)
		}
		if !r1.NeedsInput() || r1.InputRequests[contextKey] == nil {
			t.Fatalf("round 1: needsInput %v, questions %v; want %q asked", r1.NeedsInput(), r1.InputRequests, contextKey)
		}
		_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName, RequestState: r1.RequestState + "-TAMPERED",
			InputResponses: mcp.InputResponseMap{contextKey: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"context": "x"}}}})
		wantInvalid(t, err)
	})
	t.Run("prompt state of another prompt call", func(t *testing.T) {
		r1, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName})
		if err != nil {
			t.Fatal(err)
		}
		_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName, Arguments: map[string]string{"other": "args"},
			RequestState:   r1.RequestState,
			InputResponses: mcp.InputResponseMap{contextKey: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"context": "x"}}}})
		wantInvalid(t, err)
	})
}

// A client that declares only sampling is asked only the sampling question.
func TestCapabilitiesAskOnlyWhatTheClientDeclared(t *testing.T) {
	opts := user()
	opts.ElicitationHandler = nil
	opts.Capabilities = &mcp.ClientCapabilities{} // no roots
	cs := manual(t, testServer(t), opts)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "test_input_required_result_capabilities", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	var methods []string
	for _, ir := range res.InputRequests {
		switch ir.(type) {
		case *mcp.ElicitParams:
			methods = append(methods, "elicitation/create")
		case *mcp.CreateMessageParams, *mcp.CreateMessageWithToolsParams:
			methods = append(methods, "sampling/createMessage")
		case *mcp.ListRootsParams:
			methods = append(methods, "roots/list")
		}
	}
	if !res.NeedsInput() || !slices.Equal(methods, []string{"sampling/createMessage"}) {
		t.Errorf("asked %v (needsInput %v), want only sampling/createMessage", methods, res.NeedsInput())
	}
}

// The server serves streamable HTTP at /mcp, statelessly, as the suite
// calls it.
func TestStreamableHTTP(t *testing.T) {
	s := testServer(t)
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
		&mcp.StreamableHTTPOptions{Stateless: true}))
	hs := httptest.NewServer(mux)
	defer hs.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, user())
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: hs.URL + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "test_input_required_result_multi_round", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := resultText(res); got != "Multi-round complete: Alice likes blue" {
		t.Errorf("result = %q", got)
	}
}
