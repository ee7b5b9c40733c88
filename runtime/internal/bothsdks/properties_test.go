package bothsdks_test

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/seal"
)

// The engine's properties, one table run against both bindings with raw
// 2026-07-28 requests, as any client may send them: what an answer may
// and may not change, which questions a round asks, what a decline does,
// what becomes of state that cannot be used, and what a client that
// cannot take a question gets.

func accept(content map[string]any) map[string]any {
	return map[string]any{"action": "accept", "content": content}
}

// A caller sends a round of tool with the state and answers given ("" and
// nil for none) and returns the reply.
type caller func(tool, state string, answers map[string]any) rpcReply

// A propertyCase drives one call through call and checks what the call
// did; sdk names the server's SDK, for the JSON-RPC errors, whose form the
// SDK chooses.
type propertyCase struct {
	name string
	// codec is the servers' state codec; nil is the default, sealed one,
	// which refuses any state it did not seal. A case that forges state
	// sets plainCodec, to reach the engine with it.
	codec engine.StateCodec
	// caps are the capabilities the client declares; nil is form
	// elicitation, as raw declares.
	caps map[string]any
	run  func(t *testing.T, sdk string, call caller)
}

// plainCodec is a plain, unsealed encoding of the engine's state: what a
// client can forge at will. Against it, the engine itself must never let
// state it cannot use stand in for an answer.
type plainCodec struct{}

const plainPrefix = "p1."

func (plainCodec) Seal(_ engine.Binding, payload []byte) (string, error) {
	return plainPrefix + base64.RawURLEncoding.EncodeToString(payload), nil
}

func (plainCodec) Open(_ engine.Binding, token string) ([]byte, error) {
	body, ok := strings.CutPrefix(token, plainPrefix)
	if !ok {
		return nil, errors.New("unknown state encoding")
	}
	return base64.RawURLEncoding.DecodeString(body)
}

// plainState encodes st as plainCodec seals it, in a call of its own:
// under single use, the engine ignores state that names no call, and a
// call whose handler ran is spent.
func plainState(st *engine.State) string {
	st.Call = &engine.CallID{ID: rand.Text(), Until: time.Now().Add(time.Hour).Unix()}
	token, _ := plainCodec{}.Seal(engine.Binding{}, engine.EncodeState(st))
	return token
}

// askedDigest returns the digest that the plain state of reply r pins
// question key with: what a client that forges state reads from the state
// it was sent.
func askedDigest(t *testing.T, r rpcReply, key string) string {
	t.Helper()
	payload, err := plainCodec{}.Open(engine.Binding{}, r.Result.RequestState)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.DecodeState(payload, key)
	if err != nil {
		t.Fatal(err)
	}
	digest, ok := st.Asked.Get(key)
	if !ok {
		t.Fatalf("the state asks %v, want %s", st.Asked, key)
	}
	return digest
}

// storedConfirm is a state holding content as the answer to the question
// "confirm", pinned with digest.
func storedConfirm(digest, content string) *engine.State {
	return &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{
		"confirm": {Digest: digest, Action: engine.Accept, Content: json.RawMessage(content)},
	})}
}

// wantToolError checks that a reply is a tool error whose text has each
// of parts.
func wantToolError(t *testing.T, r rpcReply, parts ...string) {
	t.Helper()
	if r.Result == nil || !r.Result.IsError || len(r.Result.Content) != 1 {
		t.Errorf("got %+v %+v, want a tool error", r.Result, r.Error)
		return
	}
	for _, part := range parts {
		if !strings.Contains(r.Result.Content[0].Text, part) {
			t.Errorf("tool error %q, want it to say %q", r.Result.Content[0].Text, part)
		}
	}
}

// wantMissingCapability checks that a reply is the engine's error for a
// client that did not declare the capability named: go-sdk sends it as
// -32021 with requiredCapabilities as data; mcp-go v1.2.1 sends every
// handler error as -32603 with its text, so the mcp-go binding puts the
// data into the message.
func wantMissingCapability(t *testing.T, sdk string, r rpcReply, name, data string) {
	t.Helper()
	message := "the client did not declare the capability this tool needs: " + name
	switch {
	case r.Error == nil:
		t.Errorf("got the result %+v, want the missing-capability error", r.Result)
	case sdk == "go-sdk" && (r.Error.Code != engine.CodeMissingRequiredClientCapabilities || r.Error.Message != message || string(r.Error.Data) != data):
		t.Errorf("go-sdk: error %d %q %s, want %d %q %s", r.Error.Code, r.Error.Message, r.Error.Data, engine.CodeMissingRequiredClientCapabilities, message, data)
	case sdk == "mcp-go" && (r.Error.Code != -32603 || r.Error.Message != message+": "+data):
		t.Errorf("mcp-go: error %d %q, want -32603 %q", r.Error.Code, r.Error.Message, message+": "+data)
	}
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
	{name: "a forged accept cannot replace a computed value", run: func(t *testing.T, _ string, call caller) {
		r1 := call("computed", "", nil)
		if got := asked(t, r1); !slices.Equal(got, []string{"name"}) {
			t.Fatalf("round 1 asks %q, want only the name: a computed value asks nothing", got)
		}
		wantText(t, call("computed", r1.Result.RequestState, map[string]any{
			"name": accept(map[string]any{"name": "Ada"}), "color": accept(map[string]any{"color": "forged"}),
		}), `"Ada computed"`)
	}},
	{name: "a forged decline cannot abort a resolver that asks nothing", run: func(t *testing.T, _ string, call caller) {
		r1 := call("computed", "", nil)
		wantText(t, call("computed", r1.Result.RequestState, map[string]any{
			"name": accept(map[string]any{"name": "Ada"}), "color": map[string]any{"action": "decline"},
		}), `"Ada computed"`)
	}},
	{name: "independent questions are asked together, a dependent one after", run: func(t *testing.T, _ string, call caller) {
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
	{name: "answers for keys never asked are ignored", run: func(t *testing.T, _ string, call caller) {
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
	{name: "answers sent ahead in the first round count for the questions asked now", run: func(t *testing.T, _ string, call caller) {
		r1 := call("batch", "", map[string]any{"qa": accept(map[string]any{"a": "1"}), "qb": accept(map[string]any{"b": "2"})})
		if got := asked(t, r1); !slices.Equal(got, []string{"qc"}) {
			t.Fatalf("round 1 with answers ahead asks %q, want only qc", got)
		}
		wantText(t, call("batch", r1.Result.RequestState, map[string]any{"qc": accept(map[string]any{"c": "3"})}), `"123"`)
	}},
	{name: "a call that asks nothing answers without state", run: func(t *testing.T, _ string, call caller) {
		r := call("given_only", "", nil)
		wantText(t, r, `"computed"`)
		if r.Result.RequestState != "" || r.Result.ResultType == "input_required" {
			t.Errorf("result %+v, want a complete result without requestState", r.Result)
		}
	}},
	{name: "a question left unanswered is asked again", run: func(t *testing.T, _ string, call caller) {
		r1 := call("batch", "", nil)
		r2 := call("batch", r1.Result.RequestState, map[string]any{"qa": accept(map[string]any{"a": "1"})})
		if got := asked(t, r2); !slices.Equal(got, []string{"qb", "qc"}) {
			t.Fatalf("round 2 asks %q, want qb again and qc, now that qa is answered", got)
		}
		r3 := call("batch", r2.Result.RequestState, map[string]any{"qb": accept(map[string]any{"b": "2"}), "qc": accept(map[string]any{"c": "3"})})
		wantText(t, r3, `"123"`)
	}},
	{name: "a decline or cancel aborts a handler that takes the plain value", run: func(t *testing.T, _ string, call caller) {
		for _, action := range []string{"decline", "cancel"} {
			r1 := call("confirm", "", nil)
			asked(t, r1)
			// The handler would answer "confirmed ok=false" with the
			// zero value; the engine stops before it.
			wantToolError(t, call("confirm", r1.Result.RequestState, map[string]any{"confirm": map[string]any{"action": action}}),
				fmt.Sprintf("the user chose %q for the question of resolver ", action), "needs its bothsdks_test.gConfirm: the call cannot go on")
		}
	}},
	{name: "a consumer of the Outcome sees the decline or cancel", run: func(t *testing.T, _ string, call caller) {
		for _, action := range []string{"decline", "cancel"} {
			r1 := call("confirm_outcome", "", nil)
			asked(t, r1)
			wantText(t, call("confirm_outcome", r1.Result.RequestState, map[string]any{"confirm": map[string]any{"action": action}}),
				fmt.Sprintf(`"action=%s accepted=false ok=false"`, action))
		}
	}},
	{name: "state that cannot be used is no progress: the question is asked again", codec: plainCodec{}, run: func(t *testing.T, _ string, call caller) {
		// The default sealed codec refuses every one of these forgeries,
		// the control too, before the engine reads them, with the fixed
		// error of rejected state (TestHostileInput); the plain codec
		// hands them to the engine, which must take them for no answer.
		r1 := call("confirm", "", nil)
		asked(t, r1)
		digest := askedDigest(t, r1, "confirm")
		// Control: the forgeries are well formed. A state with the digest
		// of the question asked and a valid answer is used, so that each
		// below is refused for what it gets wrong.
		wantText(t, call("confirm", plainState(storedConfirm(digest, `{"ok":true}`)), nil), `"confirmed ok=true"`)
		for name, state := range map[string]string{
			"malformed":               plainPrefix + "%%%not-base64",
			"unknown encoding":        "zz.abc",
			"not a state":             plainPrefix + base64.RawURLEncoding.EncodeToString([]byte("{not json")),
			"unknown version":         plainPrefix + base64.RawURLEncoding.EncodeToString([]byte(`{"v":99,"a":{"confirm":{"d":"x","r":{"action":"accept","content":{"ok":true}}}}}`)),
			"stale digest":            plainState(storedConfirm("stale", `{"ok":true}`)),
			"answer fails the schema": plainState(storedConfirm(digest, `{"ok":"yes"}`)),
		} {
			// With a fresh answer to the question, which counts only for
			// a question the state says was shown: the handler must not
			// run, and the client must get no error.
			r := call("confirm", state, confirmAnswer(true))
			if r.Error != nil || r.Result == nil || r.Result.ResultType != "input_required" ||
				!slices.Equal(slices.Sorted(maps.Keys(r.Result.InputRequests)), []string{"confirm"}) {
				t.Errorf("%s: got %+v %+v, want the question asked again", name, r.Result, r.Error)
			}
		}
	}},
	{name: "a client that did not declare form elicitation gets the engine's error, not a question", caps: map[string]any{}, run: func(t *testing.T, sdk string, call caller) {
		wantMissingCapability(t, sdk, call("confirm", "", nil), "elicitation.form", `{"requiredCapabilities":{"elicitation":{"form":{}}}}`)
		// A call that asks nothing needs no capability.
		wantText(t, call("given_only", "", nil), `"computed"`)
	}},
}

func TestEngineProperties(t *testing.T) {
	t.Setenv(seal.KeysEnv, seal.GenerateKey())
	for _, sdk := range []string{"go-sdk", "mcp-go"} {
		t.Run(sdk, func(t *testing.T) {
			urls := map[engine.StateCodec]string{}
			for _, tc := range propertyCases {
				url, ok := urls[tc.codec]
				if !ok {
					url, _ = hostileServer(t, sdk, "fixture", tc.codec)
					urls[tc.codec] = url
				}
				caps := tc.caps
				if caps == nil {
					caps = formElicitation
				}
				t.Run(tc.name, func(t *testing.T) {
					tc.run(t, sdk, func(tool, state string, answers map[string]any) rpcReply {
						p := map[string]any{"name": tool, "arguments": map[string]any{"title": "Dune"}}
						if state != "" {
							p["requestState"] = state
						}
						if answers != nil {
							p["inputResponses"] = answers
						}
						return rawDeclaring(t, url, "alice", caps, "tools/call", p)
					})
				})
			}
		})
	}
}
