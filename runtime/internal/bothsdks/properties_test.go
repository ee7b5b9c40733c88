package bothsdks_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/mcplint/mcplint/runtime/seal"
)

// The engine's properties, one table run against both bindings with raw
// 2026-07-28 requests, as any client may send them: what an answer may
// and may not change, and which questions a round asks.

func accept(content map[string]any) map[string]any {
	return map[string]any{"action": "accept", "content": content}
}

// A propertyCase drives one call through call, which sends a round of tool
// with the state and answers given, and checks what the call did.
type propertyCase struct {
	name string
	run  func(t *testing.T, call func(tool, state string, answers map[string]any) rpcReply)
}

// asked returns the keys of the questions a reply asks, sorted, or fails.
func asked(t *testing.T, r rpcReply) []string {
	t.Helper()
	if r.Result == nil || r.Result.ResultType != "input_required" || r.Result.RequestState == "" {
		t.Fatalf("got %+v %+v, want an input-required result with state", r.Result, r.Error)
	}
	return slices.Sorted(maps.Keys(r.Result.InputRequests))
}

// wantText checks that a reply is the tool's result with text want.
func wantText(t *testing.T, r rpcReply, want string) {
	t.Helper()
	if r.Result == nil || r.Result.IsError || len(r.Result.Content) != 1 || r.Result.Content[0].Text != want {
		t.Fatalf("got %+v %+v, want the result %s", r.Result, r.Error, want)
	}
}

var propertyCases = []propertyCase{
	{"a forged accept cannot replace a computed value", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("computed", "", nil)
		if got := asked(t, r1); !slices.Equal(got, []string{"name"}) {
			t.Fatalf("round 1 asks %q, want only the name: a computed value asks nothing", got)
		}
		wantText(t, call("computed", r1.Result.RequestState, map[string]any{
			"name": accept(map[string]any{"name": "Ada"}), "color": accept(map[string]any{"color": "forged"}),
		}), `"Ada computed"`)
	}},
	{"a forged decline cannot abort a resolver that asks nothing", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("computed", "", nil)
		wantText(t, call("computed", r1.Result.RequestState, map[string]any{
			"name": accept(map[string]any{"name": "Ada"}), "color": map[string]any{"action": "decline"},
		}), `"Ada computed"`)
	}},
	{"independent questions are asked together, a dependent one after", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("batch", "", nil)
		if got := asked(t, r1); !slices.Equal(got, []string{"qa", "qb"}) {
			t.Fatalf("round 1 asks %q, want qa and qb together", got)
		}
		r2 := call("batch", r1.Result.RequestState, map[string]any{
			"qa": accept(map[string]any{"a": "1"}), "qb": accept(map[string]any{"b": "2"}),
		})
		if got := asked(t, r2); !slices.Equal(got, []string{"qc"}) {
			t.Fatalf("round 2 asks %q, want only qc", got)
		}
		wantText(t, call("batch", r2.Result.RequestState, map[string]any{"qc": accept(map[string]any{"c": "3"})}), `"123"`)
	}},
	{"answers for keys never asked are ignored", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("batch", "", nil)
		r2 := call("batch", r1.Result.RequestState, map[string]any{
			"qa": accept(map[string]any{"a": "1"}), "qb": accept(map[string]any{"b": "2"}),
			"qc": accept(map[string]any{"c": "early"}), "zz": accept(map[string]any{"z": "?"}),
		})
		// qc was not asked yet: its answer, sent before its question,
		// does not count, and the question is asked.
		if got := asked(t, r2); !slices.Equal(got, []string{"qc"}) {
			t.Fatalf("round 2 asks %q, want qc, whose early answer does not count", got)
		}
	}},
	{"answers sent ahead in the first round count for the questions asked now", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("batch", "", map[string]any{"qa": accept(map[string]any{"a": "1"}), "qb": accept(map[string]any{"b": "2"})})
		if got := asked(t, r1); !slices.Equal(got, []string{"qc"}) {
			t.Fatalf("round 1 with answers ahead asks %q, want only qc", got)
		}
		wantText(t, call("batch", r1.Result.RequestState, map[string]any{"qc": accept(map[string]any{"c": "3"})}), `"123"`)
	}},
	{"a call that asks nothing answers without state", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r := call("given_only", "", nil)
		wantText(t, r, `"computed"`)
		if r.Result.RequestState != "" || r.Result.ResultType == "input_required" {
			t.Errorf("result %+v, want a complete result without requestState", r.Result)
		}
	}},
	{"a question left unanswered is asked again", func(t *testing.T, call func(string, string, map[string]any) rpcReply) {
		r1 := call("batch", "", nil)
		r2 := call("batch", r1.Result.RequestState, map[string]any{"qa": accept(map[string]any{"a": "1"})})
		if got := asked(t, r2); !slices.Equal(got, []string{"qb", "qc"}) {
			t.Fatalf("round 2 asks %q, want qb again and qc, now that qa is answered", got)
		}
		r3 := call("batch", r2.Result.RequestState, map[string]any{"qb": accept(map[string]any{"b": "2"}), "qc": accept(map[string]any{"c": "3"})})
		wantText(t, r3, `"123"`)
	}},
}

func TestEngineProperties(t *testing.T) {
	t.Setenv(seal.KeysEnv, seal.GenerateKey())
	for _, sdk := range []string{"go-sdk", "mcp-go"} {
		t.Run(sdk, func(t *testing.T) {
			url, _ := hostileServer(t, sdk, "fixture")
			for _, tc := range propertyCases {
				t.Run(tc.name, func(t *testing.T) {
					tc.run(t, func(tool, state string, answers map[string]any) rpcReply {
						p := map[string]any{"name": tool, "arguments": map[string]any{"title": "Dune"}}
						if state != "" {
							p["requestState"] = state
						}
						if answers != nil {
							p["inputResponses"] = answers
						}
						return raw(t, url, "alice", "tools/call", p)
					})
				})
			}
		})
	}
}
