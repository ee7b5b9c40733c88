// Package mcpgo checks, in a test, that the tools of an mcp-go server keep
// mcplint's rules at run time, as package
// github.com/mcplint/mcplint/mcptest does for go-sdk servers: the same
// scenarios, options and findings, through mcp-go's real client and its
// streamable HTTP transport on a loopback server. See docs/testing.md.
//
// The kit drives the rounds itself: it sends each tools/call through the
// client's own transport with the inputResponses and requestState it
// chose, and reads the result before the client's automatic retries would
// answer it.
package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/mcptest/internal/kit"
)

// Options configures a check; see package mcptest.
type Options = kit.Options

// Tool configures the check of one tool.
type Tool = kit.ToolOptions

// Report is what a check found.
type Report = kit.Report

// Finding is one scenario a tool failed.
type Finding = kit.Finding

// Check checks s's tools and reports each finding as a test error, and a
// summary in the test's log. It returns the report.
func Check(tb testing.TB, s *server.MCPServer, opts Options) *Report {
	tb.Helper()
	r, err := Run(s, opts)
	return kit.Check(tb, r, err)
}

// Run checks s's tools and returns the report.
func Run(s *server.MCPServer, opts Options) (*Report, error) {
	b := bind(s)
	hook := opts.PrincipalContext
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s, server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
		if hook != nil {
			return hook(ctx, r.Header.Get(userHeader))
		}
		return ctx
	})))
	defer closeServer(ts)
	b.url = ts.URL + "/mcp"
	return kit.Run(context.Background(), b, opts)
}

// closeServer closes the loopback server, waiting a little: a handler that
// hangs keeps its request open, and httptest's Close waits for it.
func closeServer(ts *httptest.Server) {
	ts.CloseClientConnections()
	done := make(chan struct{})
	go func() {
		ts.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
}

// quiet is the client transport's logger: the kit's own sessions are
// opened and dropped by the hundred, and say so only in findings.
var quiet = slog.New(slog.DiscardHandler)

// userHeader carries a session's principal to the context hook.
const userHeader = "Mcptest-User"

// panicked marks the error the kit's middleware answers a handler's panic
// with.
const panicked = "mcptest: the handler panicked: "

type mcpgoServer struct {
	s   *server.MCPServer
	url string
}

var recovering sync.Map // *server.MCPServer -> true

// bind adds the kit's middleware to s once: a handler's panic becomes an
// error, whether or not the server was built with server.WithRecovery.
func bind(s *server.MCPServer) *mcpgoServer {
	if _, loaded := recovering.LoadOrStore(s, true); !loaded {
		s.Use(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
			return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
				defer func() {
					if p := recover(); p != nil {
						res, err = nil, fmt.Errorf("%s%v", panicked, p)
					}
				}()
				return next(ctx, req)
			}
		})
	}
	return &mcpgoServer{s: s}
}

func (b *mcpgoServer) SDK() string { return "mcp-go" }

func (b *mcpgoServer) Refusal(text string) bool {
	return strings.Contains(text, server.ErrServerInitiatedRequestUnsupported.Error())
}

// schemaRefusal is mcp-go's refusal to send a form elicitation without a
// requested schema, as its own validation words it.
var schemaRefusal = mcp.ElicitationParams{}.Validate()

func (b *mcpgoServer) SchemaRefusal(text string) bool {
	return schemaRefusal != nil && strings.Contains(text, schemaRefusal.Error())
}

func (b *mcpgoServer) Tools(ctx context.Context) ([]kit.Tool, error) {
	var tools []kit.Tool
	for name, st := range b.s.ListTools() {
		data, err := json.Marshal(st.Tool)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", name, err)
		}
		var wire struct {
			InputSchema json.RawMessage `json:"inputSchema"`
		}
		_ = json.Unmarshal(data, &wire) // marshalled just above
		tools = append(tools, kit.Tool{Name: name, InputSchema: wire.InputSchema})
	}
	return tools, nil
}

// capture is the client's transport with the kit's rounds: the next
// tools/call carries the kit's inputResponses and requestState, and its
// raw response is kept.
type capture struct {
	*transport.StreamableHTTP
	mu        sync.Mutex
	pending   bool
	responses map[string]json.RawMessage
	state     string
	got       *transport.JSONRPCResponse
}

// errCaptured stops the client's own retry loop: the kit answers.
var errCaptured = errors.New("mcptest: the kit answers input requests itself")

func (c *capture) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if req.Method != string(mcp.MethodToolsCall) {
		return c.StreamableHTTP.SendRequest(ctx, req)
	}
	c.mu.Lock()
	if !c.pending {
		c.mu.Unlock()
		return nil, errCaptured
	}
	c.pending = false
	responses, state := c.responses, c.state
	c.mu.Unlock()
	data, err := json.Marshal(req.Params)
	if err != nil {
		return nil, err
	}
	var params map[string]json.RawMessage
	if err := json.Unmarshal(data, &params); err != nil {
		return nil, err
	}
	delete(params, "inputResponses")
	delete(params, "requestState")
	if len(responses) > 0 {
		params["inputResponses"], _ = json.Marshal(responses) // raw JSON values marshal
	}
	if state != "" {
		params["requestState"], _ = json.Marshal(state)
	}
	req.Params = params
	resp, err := c.StreamableHTTP.SendRequest(ctx, req)
	c.mu.Lock()
	c.got = resp
	c.mu.Unlock()
	return resp, err
}

type mcpgoConn struct {
	c  *client.Client
	tr *capture
}

type answerer struct {
	answer func(string, json.RawMessage) (json.RawMessage, error)
}

func (a answerer) ask(method string, params any, res any) error {
	if a.answer == nil {
		return errCaptured
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	data, err := a.answer(method, p)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, res)
}

func (a answerer) Elicit(_ context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	var res mcp.ElicitationResult
	return &res, a.ask(string(mcp.MethodElicitationCreate), req.Params, &res)
}

func (a answerer) CreateMessage(_ context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	var res mcp.CreateMessageResult
	return &res, a.ask(string(mcp.MethodSamplingCreateMessage), req.Params, &res)
}

func (a answerer) ListRoots(context.Context, mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return &mcp.ListRootsResult{Roots: []mcp.Root{{URI: "file:///tmp/mcptest", Name: "mcptest"}}}, nil
}

func (b *mcpgoServer) Connect(ctx context.Context, s kit.Session) (kit.Conn, error) {
	tr, err := transport.NewStreamableHTTP(b.url, transport.WithHTTPHeaders(map[string]string{userHeader: s.Principal}),
		transport.WithHTTPLogger(quiet))
	if err != nil {
		return nil, err
	}
	cap := &capture{StreamableHTTP: tr}
	version := mcp.ProtocolVersion20260728
	a := answerer{}
	if s.Legacy {
		version = "2025-11-25"
		a.answer = s.Answer
	}
	opts := []client.ClientOption{client.WithProtocolVersion(version)}
	if s.NoCaps {
		opts = append(opts, client.WithClientCapabilities(mcp.ClientCapabilities{}))
	} else {
		if s.Lacks != "elicitation/create" {
			opts = append(opts, client.WithElicitationHandler(a))
		}
		if s.Lacks != "sampling/createMessage" {
			opts = append(opts, client.WithSamplingHandler(a))
		}
		if s.Lacks != "roots/list" {
			opts = append(opts, client.WithRootsHandler(a))
		}
	}
	c := client.NewClient(cap, opts...)
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		c.Close()
		return nil, err
	}
	return &mcpgoConn{c: c, tr: cap}, nil
}

// Close closes the client, waiting a little: a handler that hangs keeps
// its session busy.
func (c *mcpgoConn) Lists(ctx context.Context, tool string) (bool, error) {
	req := mcp.ListToolsRequest{}
	for {
		res, err := c.c.ListTools(ctx, req)
		if err != nil {
			return false, err
		}
		for _, tl := range res.Tools {
			if tl.Name == tool {
				return true, nil
			}
		}
		if res.NextCursor == "" {
			return false, nil
		}
		req.Params.Cursor = res.NextCursor
	}
}

func (c *mcpgoConn) Close() {
	done := make(chan struct{})
	go func() {
		c.c.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
}

func (c *mcpgoConn) Call(ctx context.Context, tool string, args map[string]any, responses map[string]json.RawMessage, state string) kit.Result {
	c.tr.mu.Lock()
	c.tr.pending, c.tr.responses, c.tr.state, c.tr.got = true, responses, state, nil
	c.tr.mu.Unlock()
	_, err := c.c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: tool, Arguments: args}})
	c.tr.mu.Lock()
	got := c.tr.got
	c.tr.mu.Unlock()
	if got == nil {
		if err == nil {
			err = errors.New("no response")
		}
		return kit.Result{Status: kit.Failed, Err: err.Error()}
	}
	if got.Error != nil {
		if strings.Contains(got.Error.Message, panicked) {
			return kit.Result{Status: kit.Failed, Err: after(got.Error.Message, panicked), Panicked: true}
		}
		return kit.Result{Status: kit.ProtocolError, Err: fmt.Sprintf("%d %s", got.Error.Code, got.Error.Message)}
	}
	return parse(got.Result)
}

func after(s, marker string) string {
	_, rest, _ := strings.Cut(s, marker)
	return rest
}

// parse reads a tools/call result.
func parse(raw json.RawMessage) kit.Result {
	var res struct {
		ResultType    string                     `json:"resultType"`
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
		RequestState  string                     `json:"requestState"`
		Content       json.RawMessage            `json:"content"`
		Structured    json.RawMessage            `json:"structuredContent"`
		IsError       bool                       `json:"isError"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return kit.Result{Status: kit.Failed, Err: "malformed result: " + err.Error()}
	}
	if res.ResultType == "input_required" || res.InputRequests != nil {
		out := kit.Result{Status: kit.InputRequired, State: res.RequestState, Requests: map[string]kit.Request{}}
		for k, r := range res.InputRequests {
			var ir struct {
				Method string          `json:"method"`
				Params json.RawMessage `json:"params"`
			}
			if err := json.Unmarshal(r, &ir); err != nil {
				return kit.Result{Status: kit.Failed, Err: fmt.Sprintf("malformed input request %q: %v", k, err)}
			}
			out.Requests[k] = kit.Request{Method: ir.Method, Params: ir.Params}
		}
		return out
	}
	body, _ := json.Marshal(struct {
		Content    json.RawMessage `json:"content"`
		Structured json.RawMessage `json:"structuredContent,omitempty"`
	}{res.Content, res.Structured})
	if res.IsError {
		var parts []string
		var content []struct {
			Type, Text string
		}
		_ = json.Unmarshal(res.Content, &content) // text parts only, for the message
		for _, c := range content {
			parts = append(parts, c.Text)
		}
		return kit.Result{Status: kit.ToolError, Body: string(body), Err: strings.Join(parts, "\n")}
	}
	return kit.Result{Status: kit.Complete, Body: string(body)}
}
