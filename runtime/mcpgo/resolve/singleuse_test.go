package resolve

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type transferIn struct {
	Amount int `json:"amount"`
}

type confirmed struct {
	OK bool `json:"ok"`
}

// transferServer serves, over streamable HTTP, an mcp-go server whose
// "transfer" tool moves money after one confirmation, registered with rt;
// it counts the handler's runs.
func transferServer(t *testing.T, rt *Runtime, runs *atomic.Int64) string {
	t.Helper()
	s := server.NewMCPServer("bank", "v1")
	err := rt.AddTool(s, mcp.NewTool("transfer"), func(ctx context.Context, req mcp.CallToolRequest, in transferIn, _ confirmed) (string, error) {
		runs.Add(1)
		return "moved", nil
	}, func(in transferIn) (Elicit[confirmed], error) { return Ask[confirmed]("Move the money?"), nil })
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(server.NewStreamableHTTPServer(s))
	t.Cleanup(hs.Close)
	return hs.URL + "/mcp"
}

// manualClient is a go-sdk client on a 2026-07-28 session that returns
// input-required results to the test.
func manualClient(t *testing.T, endpoint string) *gosdk.ClientSession {
	t.Helper()
	client := gosdk.NewClient(&gosdk.Implementation{Name: "host", Version: "v1"}, &gosdk.ClientOptions{
		ElicitationHandler: func(context.Context, *gosdk.ElicitRequest) (*gosdk.ElicitResult, error) {
			return nil, errors.New("the test answers by hand")
		},
		MultiRoundTrip: &gosdk.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(context.Background(), &gosdk.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// The same engine serves the mcp-go binding: a final request sent again
// runs the handler once, unless the runtime is Replayable.
func TestSingleUseOnMCPGo(t *testing.T) {
	for _, replayable := range []bool{false, true} {
		var runs atomic.Int64
		rt, err := New(&Options{Replayable: replayable})
		if err != nil {
			t.Fatal(err)
		}
		cs := manualClient(t, transferServer(t, rt, &runs))
		ctx := context.Background()
		args := map[string]any{"amount": 100}
		r1, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: "transfer", Arguments: args})
		if err != nil || !r1.NeedsInput() {
			t.Fatalf("round 1 = %+v, %v; want the question", r1, err)
		}
		var key string
		for k := range r1.InputRequests {
			key = k
		}
		final := func() *gosdk.CallToolParams {
			return &gosdk.CallToolParams{Name: "transfer", Arguments: args, RequestState: r1.RequestState,
				InputResponses: gosdk.InputResponseMap{key: &gosdk.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}}}
		}
		if res, err := cs.CallTool(ctx, final()); err != nil || res.IsError {
			t.Fatalf("final round = %+v, %v", res, err)
		}
		// A replay gets the answer of any rejected state through this
		// binding (mcp-go sends every handler error as -32603 with its
		// text, so the code is -32603 here, the message the fixed one).
		tampered := final()
		tampered.RequestState = tampered.RequestState[:3] + "AAAA" + tampered.RequestState[7:]
		_, rejected := cs.CallTool(ctx, tampered)
		var want *jsonrpc.Error
		if !errors.As(rejected, &want) || want.Message != "Invalid or expired requestState" {
			t.Fatalf("tampered state = %v, want the rejected-state error", rejected)
		}
		for range 2 {
			res, err := cs.CallTool(ctx, final())
			var wire *jsonrpc.Error
			switch {
			case replayable && (err != nil || res.IsError):
				t.Fatalf("replay on a Replayable runtime = %+v, %v; want the result", res, err)
			case !replayable && (!errors.As(err, &wire) || wire.Code != want.Code || wire.Message != want.Message):
				t.Fatalf("replay = %+v, %v; want %d %q, as for rejected state", res, err, want.Code, want.Message)
			}
		}
		if n := map[bool]int64{false: 1, true: 3}[replayable]; runs.Load() != n {
			t.Errorf("replayable %v: handler ran %d times, want %d", replayable, runs.Load(), n)
		}
	}
}

// A call's lifetime, sealed in whole seconds, is rounded up on this binding
// too: a call of a 2 s lifetime begun at .9 of a second still runs 1.95 s
// later (rounded down, it would have ended after 1.1 s), and one answered
// 2.1 s later is refused.
func TestCallLifetimeRoundedUpOnMCPGo(t *testing.T) {
	var now atomic.Int64
	start := time.Unix(1_000_000, int64(900*time.Millisecond))
	rt, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.cfg.SetSingleUse(engine.SingleUse{Lifetime: 2 * time.Second, Now: func() time.Time { return time.Unix(0, now.Load()) }}); err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int64
	cs := manualClient(t, transferServer(t, rt, &runs))
	ctx := context.Background()
	args := map[string]any{"amount": 100}
	answerAfter := func(d time.Duration) (*gosdk.CallToolResult, error) {
		now.Store(start.UnixNano())
		r1, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: "transfer", Arguments: args})
		if err != nil || !r1.NeedsInput() {
			t.Fatalf("round 1 = %+v, %v; want the question", r1, err)
		}
		responses := gosdk.InputResponseMap{}
		for k := range r1.InputRequests {
			responses[k] = &gosdk.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}
		}
		now.Store(start.Add(d).UnixNano())
		return cs.CallTool(ctx, &gosdk.CallToolParams{Name: "transfer", Arguments: args, RequestState: r1.RequestState, InputResponses: responses})
	}
	if res, err := answerAfter(1950 * time.Millisecond); err != nil || res.IsError || runs.Load() != 1 {
		t.Fatalf("answered within the lifetime = %+v, %v, %d runs; want the result", res, err, runs.Load())
	}
	var wire *jsonrpc.Error
	if res, err := answerAfter(2100 * time.Millisecond); !errors.As(err, &wire) || wire.Message != "Invalid or expired requestState" || runs.Load() != 1 {
		t.Fatalf("answered after the lifetime = %+v, %v, %d runs; want the rejected-state error", res, err, runs.Load())
	}
}

// New refuses a CallLifetime the state cannot carry, naming it.
func TestCallLifetimeRefusedOnMCPGo(t *testing.T) {
	for _, lifetime := range []time.Duration{-time.Second, 500 * time.Millisecond} {
		if _, err := New(&Options{CallLifetime: lifetime}); err == nil || !strings.Contains(err.Error(), "CallLifetime") {
			t.Errorf("New with CallLifetime %v = %v, want an error naming CallLifetime", lifetime, err)
		}
	}
}
