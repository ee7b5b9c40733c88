package resolve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// logBuffer is a logger whose records tests read back.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }

// fragileIn says where a call of the fragile tool panics.
type fragileIn struct {
	PanicIn string `json:"panic_in,omitempty"`
}

type confirmation struct {
	OK bool `json:"ok"`
}

// fragileTool asks one question; its resolver or handler panics when the
// input says so.
func fragileTool(t testing.TB, rt *Runtime, s *mcp.Server) {
	t.Helper()
	ask := func(ctx context.Context, in fragileIn) (Elicit[confirmation], error) {
		if in.PanicIn == "resolver" {
			panic("boom in the resolver")
		}
		return Ask[confirmation]("ok?"), nil
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in fragileIn, c confirmation) (string, error) {
		if in.PanicIn == "handler" {
			var m map[string]int
			m["boom in the handler"]++ // a runtime error, not a panic call
		}
		return fmt.Sprint("done ", c.OK), nil
	}
	if err := rt.AddTool(s, &mcp.Tool{Name: "fragile"}, handler, ask); err != nil {
		t.Fatal(err)
	}
}

// httpSession connects a real go-sdk client to server over streamable HTTP
// on loopback.
func httpSession(t testing.TB, server *mcp.Server, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	t.Cleanup(srv.Close)
	client := mcp.NewClient(&mcp.Implementation{Name: "http-client", Version: "v0"}, opts)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// transports are the two ways the tests reach a server: in memory, as over
// stdio, and over streamable HTTP.
var transports = map[string]func(testing.TB, *mcp.Server, *mcp.ClientOptions, string) *mcp.ClientSession{
	"in-memory": session,
	"http":      httpSession,
}

// A panic in a resolver body or a handler ends that call with a fixed tool
// error, logs the value and the stack, and the server serves the next call
// on the same session, over both transports and both session kinds.
func TestPanicEndsOnlyItsCall(t *testing.T) {
	for transport, connect := range transports {
		for _, version := range []string{"", "2025-11-25"} {
			t.Run(fmt.Sprintf("%s/version=%q", transport, version), func(t *testing.T) {
				var logs logBuffer
				s := newServer()
				fragileTool(t, mustNew(&Options{Logger: logs.logger()}), s)
				user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"ok": true}) })
				cs := connect(t, s, &mcp.ClientOptions{ElicitationHandler: user.elicit}, version)
				for _, where := range []string{"resolver", "handler"} {
					res := call(t, cs, &mcp.CallToolParams{Name: "fragile", Arguments: map[string]any{"panic_in": where}})
					if !res.IsError || text(res) != engine.InternalMessage(rules.Tool) {
						t.Errorf("panic in the %s: result = error %v %q, want the tool error %q", where, res.IsError, text(res), engine.InternalMessage(rules.Tool))
					}
					if got := text(call(t, cs, &mcp.CallToolParams{Name: "fragile", Arguments: map[string]any{}})); got != `"done true"` {
						t.Errorf("the call after a panic in the %s = %q, want it served", where, got)
					}
				}
				for _, want := range []string{"boom in the resolver", "assignment to entry in nil map", "stack=", "resolve.fragileTool", "tool=fragile"} {
					if !strings.Contains(logs.String(), want) {
						t.Errorf("log lacks %q:\n%s", want, logs.String())
					}
				}
			})
		}
	}
}

// chainTool asks a free-text question, then one that depends on its answer,
// so that the first answer travels in requestState.
func chainTool(t testing.TB, rt *Runtime, s *mcp.Server) {
	t.Helper()
	askA := func(ctx context.Context) (Elicit[qa], error) { return Ask[qa]("a?"), nil }
	askC := func(ctx context.Context, a qa) (Elicit[qc], error) { return Ask[qc]("c?"), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a qa, c qc) (int, error) {
		return len(a.A), nil
	}
	if err := rt.AddTool(s, &mcp.Tool{Name: "chain"}, handler, askA, askC); err != nil {
		t.Fatal(err)
	}
}

// sizedCodec is the plain codec with a limit of its own, as any codec may
// have.
type sizedCodec struct {
	jsonCodec
	limit int
}

func (c sizedCodec) Seal(b Binding, payload []byte) (string, error) {
	if len(payload) > c.limit {
		return "", fmt.Errorf("sizedCodec: %w: %d bytes", ErrStateTooLarge, len(payload))
	}
	return c.jsonCodec.Seal(b, payload)
}

// failingCodec fails to seal, as a codec backed by a service might.
type failingCodec struct{ jsonCodec }

func (failingCodec) Seal(Binding, []byte) (string, error) {
	return "", errors.New("failingCodec: key service unreachable at 10.0.0.7")
}

// State that does not fit is a tool error naming the size and the limit,
// with every codec: the default sealed one, one that refuses with
// ErrStateTooLarge, and a plain one whose payload alone is over the limit.
// A codec that fails otherwise is a fixed tool error; its text is logged.
func TestStateTooLargeIsAToolError(t *testing.T) {
	cases := []struct {
		name   string
		codec  StateCodec
		answer int    // bytes of the first answer
		want   string // tool error
	}{
		{"sealed", nil, 50_000, "the answers of this call do not fit in requestState: 50071 bytes, over the limit of 65536"},
		{"own limit", sizedCodec{limit: 1000}, 2000, "the answers of this call do not fit in requestState: 2069 bytes, over the limit of 65536"},
		{"plain", jsonCodec{}, 70_000, "the answers of this call do not fit in requestState: 70071 bytes, over the limit of 65536"},
		{"failing", failingCodec{}, 10, engine.InternalMessage(rules.Tool)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs logBuffer
			s := newServer()
			chainTool(t, mustNew(&Options{StateCodec: c.codec, Logger: logs.logger()}), s)
			cs := manualSession(t, s)
			r1 := call(t, cs, &mcp.CallToolParams{Name: "chain", Arguments: map[string]any{}})
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "chain", Arguments: map[string]any{}, RequestState: r1.RequestState,
				InputResponses: mcp.InputResponseMap{"resolve.qa": accept(map[string]any{"a": strings.Repeat("x", c.answer)})}})
			if err != nil {
				t.Fatalf("protocol error %v, want a tool error", err)
			}
			if !res.IsError || text(res) != c.want {
				t.Errorf("result = error %v %q, want the tool error %q", res.IsError, text(res), c.want)
			}
			if c.name == "failing" && !strings.Contains(logs.String(), "key service unreachable") {
				t.Errorf("the codec's error is not logged:\n%s", logs.String())
			}
		})
	}
}

// An answer that does not match its question fails with the same fixed
// message on both session kinds, and the validator's text goes to the log
// only. On an older session the answer arrives through go-sdk's
// ServerSession.Elicit, which validates it first; go-sdk clients refuse to
// send such an answer, so a hand-written client sends it.
func TestMismatchedAnswerOnBothSessionKinds(t *testing.T) {
	mismatched := map[string]any{"ok": "yes"}
	cases := []struct {
		name string
		call func(t *testing.T, s *mcp.Server) *mcp.CallToolResult
		want string
	}{
		{"2026-07-28", func(t *testing.T, s *mcp.Server) *mcp.CallToolResult {
			cs := manualSession(t, s)
			r1 := call(t, cs, &mcp.CallToolParams{Name: "fragile", Arguments: map[string]any{}})
			return call(t, cs, &mcp.CallToolParams{Name: "fragile", Arguments: map[string]any{}, RequestState: r1.RequestState,
				InputResponses: mcp.InputResponseMap{"resolve.confirmation": accept(mismatched)}})
		}, `the answer to question "resolve.confirmation" does not match the question asked`},
		{"2025-11-25", func(t *testing.T, s *mcp.Server) *mcp.CallToolResult {
			return rawLegacyCall(t, s, "fragile", mismatched)
		}, `the answer to question "resolve.confirmation" does not match the question asked`},
		{"2025-11-25 go-sdk client refuses", func(t *testing.T, s *mcp.Server) *mcp.CallToolResult {
			cs := userSession(t, s, newAnswerer(func(string) *mcp.ElicitResult { return accept(mismatched) }), "2025-11-25")
			return call(t, cs, &mcp.CallToolParams{Name: "fragile", Arguments: map[string]any{}})
		}, `the client did not answer question "resolve.confirmation"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs logBuffer
			s := newServer()
			fragileTool(t, mustNew(&Options{Logger: logs.logger()}), s)
			if res := c.call(t, s); !res.IsError || text(res) != c.want {
				t.Errorf("result = error %v %q, want the tool error %q", res.IsError, text(res), c.want)
			}
			if !strings.Contains(logs.String(), "answer rejected") || !strings.Contains(logs.String(), "boolean") {
				t.Errorf("the reason is not logged:\n%s", logs.String())
			}
		})
	}
}

// rawLegacyCall calls a tool as a hand-written 2025-11-25 client that
// answers every elicitation with content, whatever the schema says.
func rawLegacyCall(t *testing.T, s *mcp.Server, name string, content map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	send := func(id any, method string, params any) {
		t.Helper()
		raw, err := json.Marshal(params)
		if err != nil {
			t.Fatal(err)
		}
		req := &jsonrpc.Request{Method: method, Params: raw}
		if id != nil {
			if req.ID, err = jsonrpc.MakeID(id); err != nil {
				t.Fatal(err)
			}
		}
		if err := conn.Write(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	// response reads until the response to id, answering elicitations.
	response := func(id string) *jsonrpc.Response {
		t.Helper()
		for {
			msg, err := conn.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			switch m := msg.(type) {
			case *jsonrpc.Request:
				if m.Method == "elicitation/create" {
					answer, _ := json.Marshal(map[string]any{"action": "accept", "content": content})
					if err := conn.Write(ctx, &jsonrpc.Response{ID: m.ID, Result: answer}); err != nil {
						t.Fatal(err)
					}
				}
			case *jsonrpc.Response:
				if m.ID.Raw() == id {
					if m.Error != nil {
						t.Fatalf("response %s: %v", id, m.Error)
					}
					return m
				}
			}
		}
	}
	send("1", "initialize", map[string]any{"protocolVersion": "2025-11-25", "clientInfo": map[string]any{"name": "raw", "version": "v0"},
		"capabilities": map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}})
	response("1")
	send(nil, "notifications/initialized", map[string]any{})
	send("2", "tools/call", map[string]any{"name": name, "arguments": map[string]any{}})
	var res mcp.CallToolResult
	if err := json.Unmarshal(response("2").Result, &res); err != nil {
		t.Fatal(err)
	}
	return &res
}

// outputThatFails cannot be encoded.
type outputThatFails struct{ N int }

func (outputThatFails) MarshalJSON() ([]byte, error) {
	return nil, errors.New("reflect: call of reflect.Value.Int on zero Value")
}

// No error of the engine reaches the client as a JSON-RPC error with code 0
// or with internal text: an output that cannot be encoded, a schema the
// server built wrong, a JSON-RPC error without a code.
func TestEngineErrorsHaveOneExit(t *testing.T) {
	var logs logBuffer
	rt := mustNew(&Options{StateCodec: jsonCodec{}, Logger: logs.logger()})
	s := newServer()
	checkStock := func(context.Context, orderIn) (stock, error) { return stock{}, nil }
	badOutput := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, st stock) (outputThatFails, error) {
		return outputThatFails{}, nil
	}
	nested := func(ctx context.Context, in orderIn) (Elicit[Form], error) {
		return AskForm("where?", &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"address": {Type: "object"},
		}}), nil
	}
	useForm := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, f Form) (string, error) {
		return "", nil
	}
	codeZero := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, st stock) (string, error) {
		return "", &jsonrpc.Error{Message: "out of paper"}
	}
	for name, h := range map[string][2]any{"bad_output": {badOutput, checkStock}, "bad_schema": {useForm, nested}, "code_zero": {codeZero, checkStock}} {
		if err := rt.AddTool(s, &mcp.Tool{Name: name}, h[0], h[1]); err != nil {
			t.Fatal(err)
		}
	}
	cs := manualSession(t, s)
	for name, want := range map[string]string{"bad_output": engine.InternalMessage(rules.Tool), "bad_schema": engine.InternalMessage(rules.Tool), "code_zero": "out of paper"} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{"title": "Dune"}})
		if err != nil {
			t.Errorf("%s: protocol error %v, want a tool error", name, err)
			continue
		}
		if !res.IsError || text(res) != want {
			t.Errorf("%s: result = error %v %q, want the tool error %q", name, res.IsError, text(res), want)
		}
	}
	for _, want := range []string{"reflect.Value.Int", "address"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}
}

// A form answer is kept in requestState as its action and content, not as
// the client's whole response (whatever else the client sent in it, such
// as _meta), and a later round still gets its value from there.
func TestFormAnswerStoredAsActionAndContent(t *testing.T) {
	s := newServer()
	chainTool(t, plainRuntime, s)
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "chain", Arguments: map[string]any{}})
	answer := accept(map[string]any{"a": "four"})
	answer.Meta = mcp.Meta{"client.example/trace": strings.Repeat("t", 40)}
	r2 := call(t, cs, &mcp.CallToolParams{Name: "chain", Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qa": answer}})
	stored, _ := openPlain(t, r2.RequestState, "resolve.qa", "resolve.qc").Answers.Get("resolve.qa")
	// The content of an answer to a flat form is kept in the form's own
	// layout, not as JSON (the engine's state tests read it back).
	if stored.Action != "accept" || stored.Content != nil || stored.Response != nil {
		t.Errorf("stored answer %+v (response %s), want action accept and the content in the form's layout only", stored, stored.Response)
	}
	r3 := call(t, cs, &mcp.CallToolParams{Name: "chain", Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qc": accept(map[string]any{"c": "x"})}})
	var n int
	structured(t, r3, &n)
	if n != 4 {
		t.Errorf("result %d, want 4 (the stored answer's value)", n)
	}
}
