package resolve

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answerer is a client-side user: it answers elicitations by message and
// counts the questions it was shown.
type answerer struct {
	mu      sync.Mutex
	asked   map[string]int // message -> times shown
	answers func(message string) *mcp.ElicitResult
}

func newAnswerer(answers func(message string) *mcp.ElicitResult) *answerer {
	return &answerer{asked: map[string]int{}, answers: answers}
}

func (a *answerer) elicit(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	a.mu.Lock()
	a.asked[req.Params.Message]++
	a.mu.Unlock()
	return a.answers(req.Params.Message), nil
}

func (a *answerer) times(message string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.asked[message]
}

func (a *answerer) total() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, c := range a.asked {
		n += c
	}
	return n
}

func accept(content map[string]any) *mcp.ElicitResult {
	return &mcp.ElicitResult{Action: "accept", Content: content}
}

// session connects a real go-sdk client to server over in-memory transports.
// A nil a means a client without an elicitation handler (and so without the
// capability). version "" is the newest protocol.
func session(t testing.TB, server *mcp.Server, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, opts)
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// userSession is a session whose user answers with a.
func userSession(t testing.TB, server *mcp.Server, a *answerer, version string) *mcp.ClientSession {
	return session(t, server, &mcp.ClientOptions{ElicitationHandler: a.elicit}, version)
}

// manualSession is a session that returns input-required results to the
// test instead of retrying them itself.
func manualSession(t testing.TB, server *mcp.Server) *mcp.ClientSession {
	return session(t, server, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return nil, fmt.Errorf("manual sessions answer by hand")
		},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	}, "")
}

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "v0"}, nil)
}

// call calls a tool and fails the test on a protocol error.
func call(t testing.TB, cs *mcp.ClientSession, params *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatalf("CallTool(%s): %v", params.Name, err)
	}
	return res
}

// text returns the text of a result's content.
func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// structured decodes a result's structured content into v.
func structured(t testing.TB, res *mcp.CallToolResult, v any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
}

// counter counts calls of a resolver or handler body.
type counter struct{ n atomic.Int64 }

func (c *counter) inc()       { c.n.Add(1) }
func (c *counter) get() int64 { return c.n.Load() }

// plainState encodes a state as the plain codec does, for tests that forge
// what a client may send.
//
// A state without a call is given a call of its own, as the engine gives
// each call under single use; without one the engine would ignore it.
func plainState(t testing.TB, st *engine.State) string {
	t.Helper()
	if st.Call == nil {
		withCall := *st
		withCall.Call = &engine.CallID{ID: rand.Text(), Until: time.Now().Add(time.Hour).Unix()}
		st = &withCall
	}
	payload := engine.EncodeState(st)
	tok, err := jsonCodec{}.Seal(Binding{}, payload)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// openPlain decodes a plain state token of a tool whose eliciting
// resolvers have the wire keys keys, sorted (the state names them by
// index).
func openPlain(t testing.TB, token string, keys ...string) *engine.State {
	t.Helper()
	payload, err := jsonCodec{}.Open(Binding{}, token)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.DecodeState(payload, keys...)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
