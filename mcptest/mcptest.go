// Package mcptest checks, in a test, that the tools of a go-sdk server
// keep mcplint's rules at run time: it calls each tool through the SDK's
// real client over in-memory transports, answers its questions every way a
// client may, tampers with its state, replays its last round, and reports
// every scenario a tool fails through testing.TB, with the rule's name, its
// page and the rounds on the wire. See docs/testing.md.
//
// mcp-go servers are checked by the twin package
// github.com/mcplint/mcplint/mcptest/mcpgo, so that neither SDK's users
// compile the other.
package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/mcptest/internal/kit"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configures a check: which tools, their example arguments,
// confirming answers and effect probes, the per-call timeout and the
// principal. The zero value checks every tool with arguments built from
// its input schema.
type Options = kit.Options

// Tool configures the check of one tool.
type Tool = kit.ToolOptions

// Report is what a check found: the findings, the calls it made, and what
// it could not observe.
type Report = kit.Report

// Finding is one scenario a tool failed.
type Finding = kit.Finding

// Check checks server's tools and reports each finding as a test error,
// and a summary in the test's log. It returns the report.
func Check(tb testing.TB, server *mcp.Server, opts Options) *Report {
	tb.Helper()
	r, err := Run(server, opts)
	return kit.Check(tb, r, err)
}

// Run checks server's tools and returns the report, for tests that judge
// the findings themselves.
func Run(server *mcp.Server, opts Options) (*Report, error) {
	return kit.Run(context.Background(), binding(server), opts)
}

// panicked marks the error the kit's middleware answers a handler's panic
// with.
const panicked = "mcptest: the handler panicked: "

// noResult marks the error the kit's middleware answers a tools/call
// with when the handler returned neither a result nor an error.
const noResult = "mcptest: the handler returned neither a result nor an error"

// refusal is go-sdk v1.8.0's refusal of a server-to-client request on a
// 2026-07-28 session (a plain fmt.Errorf; it has no sentinel).
const refusal = "cannot be sent while serving a request on protocol version"

type sdkServer struct {
	server     *mcp.Server
	principals sync.Map // *mcp.ServerSession -> string
}

var bindings sync.Map // *mcp.Server -> *sdkServer

// binding returns server's binding, adding the kit's middleware once: it
// gives each request the principal of its session, as an authenticating
// transport would, and turns a handler's panic, or a call that returned
// neither a result nor an error (go-sdk v1.8.0 dereferences that nil
// result on a 2026-07-28 session, outside any handler), into an error.
func binding(server *mcp.Server) *sdkServer {
	if b, ok := bindings.Load(server); ok {
		return b.(*sdkServer)
	}
	b := &sdkServer{server: server}
	if prior, loaded := bindings.LoadOrStore(server, b); loaded {
		return prior.(*sdkServer)
	}
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
			if ss, ok := req.GetSession().(*mcp.ServerSession); ok {
				if user, ok := b.principals.Load(ss); ok {
					// An in-memory transport carries no extra: the kit
					// gives a tool call one, as an HTTP transport does.
					if call, ok := req.(*mcp.CallToolRequest); ok && call.Extra == nil {
						call.Extra = &mcp.RequestExtra{}
					}
					if extra := req.GetExtra(); extra != nil {
						extra.TokenInfo = &auth.TokenInfo{UserID: user.(string), Expiration: time.Now().Add(time.Hour)}
					}
				}
			}
			defer func() {
				if p := recover(); p != nil {
					res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s%v", panicked, p)}
				}
			}()
			res, err = next(ctx, method, req)
			if ctr, ok := res.(*mcp.CallToolResult); ok && ctr == nil && err == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: noResult}
			}
			return res, err
		}
	})
	return b
}

func (b *sdkServer) SDK() string { return "go-sdk" }

func (b *sdkServer) Refusal(text string) bool { return strings.Contains(text, refusal) }

func (b *sdkServer) Tools(ctx context.Context) ([]kit.Tool, error) {
	conn, err := b.Connect(ctx, kit.Session{})
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var tools []kit.Tool
	for tl, err := range conn.(*sdkConn).cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		schema, _ := json.Marshal(tl.InputSchema)
		tools = append(tools, kit.Tool{Name: tl.Name, InputSchema: schema})
	}
	return tools, nil
}

type sdkConn struct {
	cs *mcp.ClientSession
	ss *mcp.ServerSession
}

func (b *sdkServer) Connect(ctx context.Context, s kit.Session) (kit.Conn, error) {
	ct, st := mcp.NewInMemoryTransports()
	ss, err := b.server.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	b.principals.Store(ss, s.Principal)
	opts := &mcp.ClientOptions{MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true}}
	if s.NoCaps {
		opts.Capabilities = &mcp.ClientCapabilities{}
	} else {
		answer := s.Answer
		if answer == nil {
			answer = func(string, json.RawMessage) (json.RawMessage, error) {
				return nil, errors.New("mcptest: this session answers no server-to-client request")
			}
		}
		if s.Lacks != "elicitation/create" {
			opts.ElicitationHandler = func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				var res mcp.ElicitResult
				return &res, ask(answer, "elicitation/create", req.Params, &res)
			}
		}
		if s.Lacks != "sampling/createMessage" {
			opts.CreateMessageHandler = func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
				var res mcp.CreateMessageResult
				return &res, ask(answer, "sampling/createMessage", req.Params, &res)
			}
		}
		if s.Lacks == "roots/list" {
			// Without it the SDK declares roots by default.
			opts.Capabilities = &mcp.ClientCapabilities{}
		}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "mcptest", Version: "v1"}, opts)
	if !s.NoCaps && s.Lacks != "roots/list" {
		client.AddRoots(&mcp.Root{URI: "file:///tmp/mcptest", Name: "mcptest"})
	}
	version := "" // the newest: 2026-07-28
	if s.Legacy {
		version = "2025-11-25"
	}
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		b.principals.Delete(ss)
		ss.Close()
		return nil, err
	}
	return &sdkConn{cs: cs, ss: ss}, nil
}

// ask answers a server-to-client request through the kit's answerer.
func ask(answer func(string, json.RawMessage) (json.RawMessage, error), method string, params any, res any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	data, err := answer(method, p)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, res)
}

func (c *sdkConn) Lists(ctx context.Context, tool string) (bool, error) {
	for tl, err := range c.cs.Tools(ctx, nil) {
		if err != nil {
			return false, err
		}
		if tl.Name == tool {
			return true, nil
		}
	}
	return false, nil
}

func (c *sdkConn) Close() {
	// A handler that hangs keeps its session busy: close without waiting.
	go func() {
		c.cs.Close()
		c.ss.Close()
	}()
}

func (c *sdkConn) Call(ctx context.Context, tool string, args map[string]any, responses map[string]json.RawMessage, state string) kit.Result {
	params := &mcp.CallToolParams{Name: tool, Arguments: args, RequestState: state}
	if len(responses) > 0 {
		raw, err := json.Marshal(responses)
		if err != nil {
			return kit.Result{Status: kit.Failed, Err: err.Error()}
		}
		if err := json.Unmarshal(raw, &params.InputResponses); err != nil {
			return kit.Result{Status: kit.Failed, Err: "mcptest: building inputResponses: " + err.Error()}
		}
	}
	res, err := c.cs.CallTool(ctx, params)
	if err != nil {
		var rpc *jsonrpc.Error
		switch {
		case errors.As(err, &rpc) && strings.HasPrefix(rpc.Message, panicked):
			return kit.Result{Status: kit.Failed, Err: strings.TrimPrefix(rpc.Message, panicked), Panicked: true}
		case errors.As(err, &rpc) && rpc.Message == noResult:
			return kit.Result{Status: kit.Failed, Err: "malformed result: the handler returned neither a result nor an error"}
		case errors.As(err, &rpc):
			return kit.Result{Status: kit.ProtocolError, Err: fmt.Sprintf("%d %s", rpc.Code, rpc.Message)}
		default:
			return kit.Result{Status: kit.Failed, Err: err.Error()}
		}
	}
	if res.InputRequests != nil || res.RequestState != "" {
		out := kit.Result{Status: kit.InputRequired, State: res.RequestState, Requests: map[string]kit.Request{}}
		for k, ir := range res.InputRequests {
			p, err := json.Marshal(ir)
			if err != nil {
				return kit.Result{Status: kit.Failed, Err: "malformed input request: " + err.Error()}
			}
			out.Requests[k] = kit.Request{Method: methodOf(ir), Params: p}
		}
		return out
	}
	body, err := json.Marshal(struct {
		Content    []mcp.Content `json:"content"`
		Structured any           `json:"structuredContent,omitempty"`
	}{res.Content, res.StructuredContent})
	if err != nil {
		return kit.Result{Status: kit.Failed, Err: "malformed result: " + err.Error()}
	}
	if res.IsError {
		return kit.Result{Status: kit.ToolError, Body: string(body), Err: text(res)}
	}
	return kit.Result{Status: kit.Complete, Body: string(body)}
}

func methodOf(ir mcp.InputRequest) string {
	switch ir.(type) {
	case *mcp.ElicitParams:
		return "elicitation/create"
	case *mcp.CreateMessageParams, *mcp.CreateMessageWithToolsParams:
		return "sampling/createMessage"
	case *mcp.ListRootsParams:
		return "roots/list"
	}
	return fmt.Sprintf("%T", ir)
}

func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}
