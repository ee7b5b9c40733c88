package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/runtime/internal/engine"
)

type elicitFunc func(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)

func (f elicitFunc) Elicit(ctx context.Context, r mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return f(ctx, r)
}

// connect connects mcp-go's client to s over streamable HTTP, on protocol
// version, answering every form question with content.
func connect(t *testing.T, s *server.MCPServer, version string, content map[string]any) *client.Client {
	t.Helper()
	srv := httptest.NewServer(server.NewStreamableHTTPServer(s))
	t.Cleanup(srv.Close)
	tr, err := transport.NewStreamableHTTP(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, client.WithProtocolVersion(version),
		client.WithElicitationHandler(elicitFunc(func(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
			return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept, Content: content}}, nil
		})))
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(context.Background(), mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A prompt asks through the engine on both protocol versions.
func TestPrompt(t *testing.T) {
	s := server.NewMCPServer("test", "v0")
	err := AddPrompt(s, mcp.NewPrompt("greeting"), func(_ context.Context, req mcp.GetPromptRequest, b backorder) (*mcp.GetPromptResult, error) {
		text := "no"
		if b.Confirm {
			text = "yes for " + req.Params.Arguments["who"]
		}
		return mcp.NewGetPromptResult("", []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(text))}), nil
	}, askBackorder)
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		c := connect(t, s, version, map[string]any{"confirm": true})
		res, err := c.GetPrompt(context.Background(), mcp.GetPromptRequest{Params: mcp.GetPromptParams{Name: "greeting", Arguments: map[string]string{"who": "Ada"}}})
		if err != nil {
			t.Fatalf("%s: %v", version, err)
		}
		if len(res.Messages) != 1 || res.Messages[0].Content.(mcp.TextContent).Text != "yes for Ada" {
			t.Errorf("%s: messages %+v, want the answer used", version, res.Messages)
		}
	}
}

// A resource asks with server-to-client requests on an older session; on a
// 2026-07-28 session, where mcp-go's resource handlers cannot answer with
// an input-required result, the read fails saying so. A resource whose
// resolvers only compute serves both.
func TestResource(t *testing.T) {
	s := server.NewMCPServer("test", "v0")
	contents := func(uri, text string) []mcp.ResourceContents {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/plain", Text: text}}
	}
	err := AddResource(s, mcp.NewResource("file:///ask", "ask"), func(_ context.Context, req mcp.ReadResourceRequest, b backorder) ([]mcp.ResourceContents, error) {
		return contents(req.Params.URI, "confirmed"), nil
	}, askBackorder)
	if err != nil {
		t.Fatal(err)
	}
	type size struct{ N int }
	err = AddResource(s, mcp.NewResource("file:///computed", "computed"), func(_ context.Context, req mcp.ReadResourceRequest, n size) ([]mcp.ResourceContents, error) {
		return contents(req.Params.URI, strings.Repeat("x", n.N)), nil
	}, func(req mcp.ReadResourceRequest) (size, error) { return size{len(req.Params.URI)}, nil })
	if err != nil {
		t.Fatal(err)
	}
	read := func(c *client.Client, uri string) (string, error) {
		res, err := c.ReadResource(context.Background(), mcp.ReadResourceRequest{Params: mcp.ReadResourceParams{URI: uri}})
		if err != nil {
			return "", err
		}
		return res.Contents[0].(mcp.TextResourceContents).Text, nil
	}
	legacy := connect(t, s, "2025-11-25", map[string]any{"confirm": true})
	if text, err := read(legacy, "file:///ask"); err != nil || text != "confirmed" {
		t.Errorf("2025-11-25: %q %v, want the question asked and the contents", text, err)
	}
	modern := connect(t, s, "2026-07-28", map[string]any{"confirm": true})
	if _, err := read(modern, "file:///ask"); err == nil || !strings.Contains(err.Error(), noResourceRounds) {
		t.Errorf("2026-07-28: %v, want the error %q", err, noResourceRounds)
	}
	for _, c := range []*client.Client{legacy, modern} {
		if text, err := read(c, "file:///computed"); err != nil || text != strings.Repeat("x", len("file:///computed")) {
			t.Errorf("a computing resource: %q %v", text, err)
		}
	}
}

// The output is validated unless its schema is inferred from a type whose
// every value fits it: a schema the tool gives is always checked.
func TestOutputValidation(t *testing.T) {
	s := server.NewMCPServer("out", "v0")
	given := mcp.NewTool("given")
	given.RawOutputSchema = json.RawMessage(`{"type":"object","required":["x"]}`)
	MustAddTool(s, given, func(ctx context.Context, req mcp.CallToolRequest, in struct{}) (map[string]any, error) {
		return map[string]any{"y": 1}, nil
	})
	MustAddTool(s, mcp.NewTool("inferred"), func(ctx context.Context, req mcp.CallToolRequest, in struct{}) (string, error) {
		return "fits", nil
	})
	c := connect(t, s, mcp.LATEST_PROTOCOL_VERSION, nil)
	res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "given"}})
	if err == nil && !res.IsError {
		t.Errorf("an output the given schema refuses was sent: %+v", res)
	}
	res, err = c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "inferred"}})
	if err != nil || res.IsError || res.StructuredContent == nil {
		t.Errorf("inferred = %+v, %v", res, err)
	}
}

type (
	wideA struct{ N int }
	wideB struct{ N int }
	wideC struct{ N int }
	wideD struct{ N int }
	wideE struct{ N int }
)

// TestWideGraph: a graph with more resolvers than a round holds results
// for in itself, and a handler with more parameters than it holds
// arguments for, are served like any other, in one round and across a
// question, on both protocol versions.
func TestWideGraph(t *testing.T) {
	s := server.NewMCPServer("test", "v0")
	MustAddTool(s, mcp.NewTool("wide"),
		func(ctx context.Context, req mcp.CallToolRequest, in quoteIn, a wideA, b wideB, c wideC, d wideD, e wideE, o backorder) (string, error) {
			return fmt.Sprintf("%s %d %d %d %d %d %v", in.Title, a.N, b.N, c.N, d.N, e.N, o.Confirm), nil
		},
		func(in quoteIn) (wideA, error) { return wideA{len(in.Title)}, nil },
		func(a wideA) (wideB, error) { return wideB{a.N + 1}, nil },
		func(a wideA, b wideB) (wideC, error) { return wideC{a.N + b.N}, nil },
		func(c wideC) (wideD, error) { return wideD{2 * c.N}, nil },
		func(ctx context.Context, b wideB, d wideD) (wideE, error) { return wideE{d.N - b.N}, nil },
		askBackorder)
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		c := connect(t, s, version, map[string]any{"confirm": true})
		res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "wide", Arguments: map[string]any{"title": "Dune"}}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := res.StructuredContent, "Dune 4 5 9 18 13 true"; got != want {
			t.Errorf("protocol %s: structured content %v, want %q", version, got, want)
		}
	}
}

// counted writes different JSON each time it is written.
type counted struct {
	Writes int `json:"writes"`
	n      *int
}

func (c counted) MarshalJSON() ([]byte, error) {
	*c.n++
	return json.Marshal(map[string]int{"writes": *c.n})
}

type shelf struct {
	Copies int `json:"copies"`
}

// TestStructuredContentIsTheText: the structured content a client receives
// is the JSON of the text, also for an output whose JSON changes each time
// it is written (written once) and for a plain output the handler changes
// after it returned (the structured content is a copy).
func TestStructuredContentIsTheText(t *testing.T) {
	kept := &shelf{Copies: 1}
	writes := 0
	s := server.NewMCPServer("test", "v0", server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := next(ctx, req)
			kept.Copies = 2 // the handler's value changes once its result is built
			return res, err
		}
	}))
	MustAddTool(s, mcp.NewTool("own"), func(ctx context.Context, req mcp.CallToolRequest, in struct{}, b backorder) (counted, error) {
		return counted{n: &writes}, nil
	}, func() (backorder, error) { return backorder{}, nil })
	MustAddTool(s, mcp.NewTool("kept"), func(ctx context.Context, req mcp.CallToolRequest, in struct{}, b backorder) (*shelf, error) {
		kept.Copies = 1
		return kept, nil
	}, func() (backorder, error) { return backorder{}, nil })
	c := benchClient(t, s)
	for _, tc := range []struct{ tool, want string }{{"own", `{"writes":1}`}, {"kept", `{"copies":1}`}} {
		res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: tc.tool}})
		if err != nil {
			t.Fatal(err)
		}
		structured, _ := json.Marshal(res.StructuredContent)
		text := res.Content[0].(mcp.TextContent).Text
		if string(structured) != tc.want || text != tc.want {
			t.Errorf("tool %s: structured content %s and text %s, want %s for both", tc.tool, structured, text, tc.want)
		}
	}
}

// PR #3019 bug 3 on mcp-go: a resolver tool whose handler returns, through
// an interface-typed Out, a result that can carry input-required (mcp-go's
// own, or a type embedding its multi round-trip fields) fails cleanly; a
// plain value through the same Out is served.
func TestResolverToolReturningInputRequiredFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		out  any
		want string
	}{
		{"own result", server.NewInputRequestBuilder("own-state").Elicit("own", mcp.ElicitationParams{Mode: mcp.ElicitationModeForm, Message: "mine"}).ToolResult(), ""},
		{"embedding", embedsRoundTrip{MultiRoundTripResult: mcp.MultiRoundTripResult{RequestState: "own-state"}}, ""},
		{"plain", shelf{Copies: 3}, `{"copies":3}`},
	} {
		register := func(s *server.MCPServer) {
			MustAddTool(s, mcp.NewTool("mixed"), func(ctx context.Context, req mcp.CallToolRequest, in struct{}, b backorder) (any, error) {
				return tc.out, nil
			}, func() (backorder, error) { return backorder{}, nil })
		}
		handler, rounds := callOnce(t, register, "mixed", map[string]any{}, 1)
		res, err := handler(rounds[0].ctx, rounds[0].req)
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(mcp.TextContent).Text
		if tc.want == "" && (!res.IsError || text != engine.OneChannelMessage || res.NeedsInput()) {
			t.Errorf("%s: result error %v %q needsInput %v, want the one-channel tool error", tc.name, res.IsError, text, res.NeedsInput())
		}
		if tc.want != "" && (res.IsError || text != tc.want) {
			t.Errorf("%s: result error %v %q, want %s", tc.name, res.IsError, text, tc.want)
		}
	}
}

type requestTag struct{}

// TestFunctionsTakeTheRequestContext: every resolver and the handler that
// takes a context gets the request's, in every round of a call, on both
// protocol versions.
func TestFunctionsTakeTheRequestContext(t *testing.T) {
	s := server.NewMCPServer("test", "v0", server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return next(context.WithValue(ctx, requestTag{}, "tagged"), req)
		}
	}))
	tag := func(ctx context.Context) string { s, _ := ctx.Value(requestTag{}).(string); return s }
	MustAddTool(s, mcp.NewTool("tagged"),
		func(ctx context.Context, req mcp.CallToolRequest, in struct{}, b backorder, a wideA) (string, error) {
			return fmt.Sprintf("%s %v %d", tag(ctx), b.Confirm, a.N), nil
		},
		func(ctx context.Context) (Elicit[backorder], error) {
			if tag(ctx) == "" {
				return Elicit[backorder]{}, fmt.Errorf("the resolver asking has no request context")
			}
			return Ask[backorder]("Order anyway?"), nil
		},
		func(ctx context.Context, b backorder) (wideA, error) { return wideA{len(tag(ctx))}, nil })
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		c := connect(t, s, version, map[string]any{"confirm": true})
		res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "tagged"}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := res.StructuredContent, "tagged true 6"; got != want {
			t.Errorf("protocol %s: result %v (%v), want %q", version, got, res.Content, want)
		}
	}
}
