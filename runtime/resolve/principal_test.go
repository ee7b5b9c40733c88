package resolve

import (
	"context"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmTool compiles a tool that asks one question, without a server.
func confirmTool(t *testing.T, rt *Runtime, name string) *tool {
	t.Helper()
	ask := func(ctx context.Context) (Elicit[backorder], error) { return Ask[backorder]("sure?"), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, b backorder) (bool, error) {
		return b.Confirm, nil
	}
	tl, err := rt.compile(&mcp.Tool{Name: name}, handler, []any{ask})
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// callAs serves one round of tl for a request carrying token.
func callAs(tl *tool, token *auth.TokenInfo, state string, responses mcp.InputResponseMap) (*mcp.CallToolResult, error) {
	req := fuzzRequestFor(tl.spec.Name, state, responses)
	req.Params.Arguments = []byte(`{"title":"Dune"}`)
	if token != nil {
		req.Extra = &mcp.RequestExtra{TokenInfo: token}
	}
	return tl.handle(context.Background(), req)
}

var yes = mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": true})}

// Options.Principal names the user when the verifier keeps it elsewhere
// than UserID: state is bound to it.
func TestPrincipalHook(t *testing.T) {
	byEmail := func(req *mcp.CallToolRequest) string {
		if req.Extra == nil || req.Extra.TokenInfo == nil {
			return ""
		}
		email, _ := req.Extra.TokenInfo.Extra["email"].(string)
		return email
	}
	tl := confirmTool(t, mustNew(&Options{Principal: byEmail}), "order_book")
	alice := &auth.TokenInfo{Extra: map[string]any{"email": "alice@example.com"}}
	mallory := &auth.TokenInfo{Extra: map[string]any{"email": "mallory@example.com"}}
	r1, err := callAs(tl, alice, "", nil)
	if err != nil || r1.RequestState == "" {
		t.Fatalf("round 1: %v", err)
	}
	_, err = callAs(tl, mallory, r1.RequestState, yes)
	wantInvalidState(t, err)
	if r2, err := callAs(tl, alice, r1.RequestState, yes); err != nil || text(r2) != "true" {
		t.Errorf("alice's round 2: %v %q", err, text(r2))
	}
}

// A request that is authenticated but names no principal is served, and
// the runtime says once per tool that its state is bound to no user.
func TestUnboundPrincipalIsLoggedOncePerTool(t *testing.T) {
	var logs logBuffer
	rt := mustNew(&Options{Logger: logs.logger()})
	one, two := confirmTool(t, rt, "one"), confirmTool(t, rt, "two")
	anonymous := &auth.TokenInfo{Scopes: []string{"orders"}}
	for range 3 {
		if _, err := callAs(one, anonymous, "", nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := callAs(two, nil, "", nil); err != nil { // no token: nothing to bind
		t.Fatal(err)
	}
	if _, err := callAs(two, &auth.TokenInfo{UserID: "alice"}, "", nil); err != nil {
		t.Fatal(err)
	}
	const notice = "requestState is not bound to a user"
	if n := strings.Count(logs.String(), notice); n != 1 || !strings.Contains(logs.String(), "tool=one") {
		t.Fatalf("notice logged %d times, want once, for tool one:\n%s", n, logs.String())
	}
	if _, err := callAs(two, anonymous, "", nil); err != nil {
		t.Fatal(err)
	}
	// A server built per request registers the tool again.
	if _, err := callAs(confirmTool(t, rt, "one"), anonymous, "", nil); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(logs.String(), notice); n != 2 || !strings.Contains(logs.String(), "tool=two") {
		t.Errorf("notice logged %d times, want once more, for tool two:\n%s", n, logs.String())
	}
}

func TestServerName(t *testing.T) {
	if name, ok := serverName(mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)); !ok || name != "bookstore" {
		t.Errorf("serverName = %q, %v; want bookstore, true", name, ok)
	}
	if _, ok := serverName(nil); ok {
		t.Error("serverName(nil) reports a name")
	}
}

// firstRound registers a one-question tool with the package-level AddTool or
// with rt, and returns its first round's state from a manual session.
func firstRound(t *testing.T, s *mcp.Server, rt *Runtime) (*mcp.ClientSession, string) {
	t.Helper()
	ask := func(ctx context.Context) (Elicit[backorder], error) { return Ask[backorder]("sure?"), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, b backorder) (bool, error) {
		return b.Confirm, nil
	}
	add := AddTool
	if rt != nil {
		add = rt.AddTool
	}
	if err := add(s, &mcp.Tool{Name: "order"}, handler, ask); err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	return cs, call(t, cs, &mcp.CallToolParams{Name: "order", Arguments: map[string]any{"title": "Dune"}}).RequestState
}

// continueOn sends the second round of the order tool with state to cs.
func continueOn(cs *mcp.ClientSession, state string) (*mcp.CallToolResult, error) {
	return cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "order", Arguments: map[string]any{"title": "Dune"}, RequestState: state, InputResponses: yes})
}

func named(name string) *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: name, Version: "v0"}, nil)
}

// State sealed by one server does not open on another server of the same
// process, even with the package-level AddTool, which shares one key ring;
// servers of one name are one service and share it; Options.Audience lets
// servers of different names share it.
func TestStateBoundToServer(t *testing.T) {
	t.Run("package-level, two tenants", func(t *testing.T) {
		_, state := firstRound(t, named("tenant-a"), nil)
		csB, _ := firstRound(t, named("tenant-b"), nil)
		_, err := continueOn(csB, state)
		wantInvalidState(t, err)
	})
	t.Run("package-level, one service", func(t *testing.T) {
		_, state := firstRound(t, named("shop"), nil)
		other, _ := firstRound(t, named("shop"), nil)
		if res, err := continueOn(other, state); err != nil || text(res) != "true" {
			t.Errorf("another server of the same name: %v %q, want the state to open", err, text(res))
		}
	})
	t.Run("Options.Audience", func(t *testing.T) {
		t.Setenv(seal.KeysEnv, seal.GenerateKey())
		shared := func() *Runtime { return mustNew(&Options{Audience: "shop"}) } // two replicas
		_, state := firstRound(t, named("shop-eu-1"), shared())
		other, _ := firstRound(t, named("shop-eu-2"), shared())
		if res, err := continueOn(other, state); err != nil || text(res) != "true" {
			t.Errorf("a replica with the same audience: %v %q, want the state to open", err, text(res))
		}
		apart, _ := firstRound(t, named("shop-eu-1"), mustNew(&Options{Audience: "tenant-b"}))
		_, err := continueOn(apart, state)
		wantInvalidState(t, err)
	})
}
