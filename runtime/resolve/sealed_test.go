package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wantInvalidState checks the fixed -32602 answer to rejected state.
func wantInvalidState(t *testing.T, err error) {
	t.Helper()
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) {
		t.Fatalf("err = %v, want the -32602 invalid state error", err)
	}
	if wire.Code != jsonrpc.CodeInvalidParams || wire.Message != "Invalid or expired requestState" || string(wire.Data) != `{"reason":"invalid_request_state"}` {
		t.Errorf("error = %d %q %s, want -32602 \"Invalid or expired requestState\" {\"reason\":\"invalid_request_state\"}", wire.Code, wire.Message, wire.Data)
	}
}

func TestStateIsSealedByDefault(t *testing.T) {
	s := newServer()
	batchTool(t, s, newRuns()) // registered with the default runtime
	cs := manualSession(t, s)
	args := map[string]any{}
	r1 := call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: args})
	if !strings.HasPrefix(r1.RequestState, "s3.") {
		t.Fatalf("requestState %q is not sealed", r1.RequestState)
	}
	answers := mcp.InputResponseMap{"resolve.qa": accept(map[string]any{"a": "x"}), "resolve.qb": accept(map[string]any{"b": "y"})}
	// Tampered: flip one character in the middle.
	tok := []byte(r1.RequestState)
	i := len(tok) / 2
	tok[i] = map[bool]byte{true: 'A', false: 'B'}[tok[i] != 'A']
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "batch", Arguments: args, RequestState: string(tok), InputResponses: answers})
	wantInvalidState(t, err)
	// Oversized.
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "batch", Arguments: args, RequestState: strings.Repeat("A", MaxStateBytes+1)})
	wantInvalidState(t, err)
	// Untouched, it works.
	r2 := call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: args, RequestState: r1.RequestState, InputResponses: answers})
	if !r2.NeedsInput() || r2.InputRequests["resolve.qc"] == nil {
		t.Errorf("round 2 = %q, want question c", text(r2))
	}
}

func TestStateBoundToTool(t *testing.T) {
	s := newServer()
	rt := mustNew(nil)
	for _, name := range []string{"one", "two"} {
		ask := func(ctx context.Context) (Elicit[backorder], error) { return Ask[backorder]("sure?"), nil }
		handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, b backorder) (bool, error) {
			return b.Confirm, nil
		}
		if err := rt.AddTool(s, &mcp.Tool{Name: name}, handler, ask); err != nil {
			t.Fatal(err)
		}
	}
	cs := manualSession(t, s)
	dune := map[string]any{"title": "Dune"}
	answer := mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": true})}
	r1 := call(t, cs, &mcp.CallToolParams{Name: "one", Arguments: dune})
	t.Run("other tool", func(t *testing.T) {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "two", Arguments: dune, RequestState: r1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("other arguments", func(t *testing.T) {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "one", Arguments: map[string]any{"title": "Emma"}, RequestState: r1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("same arguments, other spelling", func(t *testing.T) {
		res := call(t, cs, &mcp.CallToolParams{Name: "one", Arguments: json.RawMessage(`{ "title" : "Dune" }`), RequestState: r1.RequestState, InputResponses: answer})
		if text(res) != "true" {
			t.Errorf("result = %q, want the answer used", text(res))
		}
	})
}

func TestStateKeysFromEnvironment(t *testing.T) {
	t.Setenv(seal.KeysEnv, seal.GenerateKey()+","+seal.GenerateKey())
	a, b := mustNew(nil), mustNew(nil)
	binding := Binding{Method: "tools/call", Target: "t", Arguments: []byte(`{}`)}
	tok, err := a.cfg.Codec().Seal(binding, []byte(`{"v":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.cfg.Codec().Open(binding, tok); err != nil {
		t.Errorf("a runtime with the same MCPLINT_STATE_KEYS cannot open the token: %v", err)
	}
	t.Setenv(seal.KeysEnv, "not base64!")
	if _, err := New(nil); err == nil || !strings.Contains(err.Error(), seal.KeysEnv) {
		t.Errorf("New with a malformed MCPLINT_STATE_KEYS: err = %v, want an error naming it", err)
	}
	// Without the variable every runtime has its own random key.
	t.Setenv(seal.KeysEnv, "")
	c, d := mustNew(nil), mustNew(nil)
	tok, err = c.cfg.Codec().Seal(binding, []byte(`{"v":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.cfg.Codec().Open(binding, tok); err == nil {
		t.Error("two runtimes with random keys share them")
	}
}

// replica is one server process of a replicated deployment: a stateless
// streamable HTTP server that builds a fresh mcp.Server per request, so it
// keeps no memory of calls.
type replica struct {
	name  string
	srv   *httptest.Server
	calls atomic.Int64
}

func newReplica(t *testing.T, name string, codec StateCodec, served *[]string, mu *sync.Mutex) *replica {
	t.Helper()
	r := &replica{name: name}
	rt := mustNew(&Options{StateCodec: codec})
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		s := newServer()
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "tools/call" {
					r.calls.Add(1)
					mu.Lock()
					*served = append(*served, name)
					mu.Unlock()
				}
				return next(ctx, method, req)
			}
		})
		askA := func(ctx context.Context) (Elicit[qa], error) { return Ask[qa]("a?"), nil }
		askC := func(ctx context.Context, a qa) (Elicit[qc], error) { return Ask[qc]("c after " + a.A + "?"), nil }
		h := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a qa, c qc) (string, error) {
			return a.A + "+" + c.C, nil
		}
		if err := rt.AddTool(s, &mcp.Tool{Name: "three_rounds"}, h, askA, askC); err != nil {
			t.Fatal(err)
		}
		return s
	}, &mcp.StreamableHTTPOptions{Stateless: true})
	r.srv = httptest.NewServer(handler)
	t.Cleanup(r.srv.Close)
	return r
}

// roundRobin is a reverse proxy that sends each request to the next
// replica in turn.
func roundRobin(t *testing.T, replicas ...*replica) *httptest.Server {
	var next atomic.Int64
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		r := replicas[int(next.Add(1)-1)%len(replicas)]
		u, _ := url.Parse(r.srv.URL)
		pr.SetURL(u)
	}}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return srv
}

func TestReplicasShareAKeyRing(t *testing.T) {
	ring := [][]byte{[]byte(strings.Repeat("k", 32))}
	codec := func(keys [][]byte) StateCodec {
		c, err := seal.New(seal.Options{Keys: keys})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var mu sync.Mutex
	var served []string
	a := newReplica(t, "a", codec(ring), &served, &mu)
	b := newReplica(t, "b", codec(ring), &served, &mu)
	proxy := roundRobin(t, a, b)

	// A client that does its own rounds, so that each round is one POST
	// and the proxy alternates replicas between rounds.
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) { return nil, errors.New("manual") },
		MultiRoundTrip:     &mcp.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: proxy.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	mu.Lock()
	served = nil // only count tools/call rounds
	mu.Unlock()

	params := &mcp.CallToolParams{Name: "three_rounds", Arguments: map[string]any{}}
	r1 := call(t, cs, params)
	r2 := call(t, cs, &mcp.CallToolParams{Name: "three_rounds", Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qa": accept(map[string]any{"a": "A"})}})
	r3 := call(t, cs, &mcp.CallToolParams{Name: "three_rounds", Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qc": accept(map[string]any{"c": "C"})}})
	if got := text(r3); got != `"A+C"` {
		t.Fatalf("result = %s (rounds: %q %q)", got, text(r1), text(r2))
	}
	mu.Lock()
	rounds := fmt.Sprint(served)
	mu.Unlock()
	if rounds != "[a b a]" && rounds != "[b a b]" {
		t.Errorf("rounds served by %s, want alternating replicas", rounds)
	}

	// A third replica with another key cannot open the state.
	var mu3 sync.Mutex
	var served3 []string
	other := newReplica(t, "c", codec([][]byte{[]byte(strings.Repeat("z", 32))}), &served3, &mu3)
	cs3, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: other.srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs3.Close()
	_, err = cs3.CallTool(context.Background(), &mcp.CallToolParams{Name: "three_rounds", Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qc": accept(map[string]any{"c": "C"})}})
	wantInvalidState(t, err)
}

// The state is bound to the authenticated principal: another user cannot
// replay it.
func TestStateBoundToPrincipal(t *testing.T) {
	rt := mustNew(nil)
	ask := func(ctx context.Context) (Elicit[backorder], error) { return Ask[backorder]("sure?"), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, b backorder) (bool, error) {
		return b.Confirm, nil
	}
	tl, err := rt.compile(&mcp.Tool{Name: "order_book"}, handler, []any{ask})
	if err != nil {
		t.Fatal(err)
	}
	as := func(user, state string, responses mcp.InputResponseMap) (*mcp.CallToolResult, error) {
		req := fuzzRequest(state, responses)
		req.Extra = &mcp.RequestExtra{TokenInfo: &auth.TokenInfo{UserID: user}}
		return tl.handle(context.Background(), req)
	}
	r1, err := as("alice", "", nil)
	if err != nil || r1.RequestState == "" {
		t.Fatalf("round 1: %v", err)
	}
	answer := mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": true})}
	_, err = as("mallory", r1.RequestState, answer)
	wantInvalidState(t, err)
	if r2, err := as("alice", r1.RequestState, answer); err != nil || text(r2) != "true" {
		t.Errorf("alice's round 2: %v %q", err, text(r2))
	}
}
