package bothsdks_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	mcpgoresolve "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/seal"
)

// Hostile input on the wire: raw 2026-07-28 requests, as any client may
// send them, against both servers. go-sdk answers bad state with -32602
// and data {"reason":"invalid_request_state"}; mcp-go v1.2.1 sends every
// handler error as -32603, so the mcp-go binding's answer is -32603 with
// the same fixed message. Neither sends code 0 or a validator's words.

// rpcReply is a JSON-RPC response.
type rpcReply struct {
	Result *struct {
		ResultType    string                     `json:"resultType"`
		IsError       bool                       `json:"isError"`
		Content       []struct{ Text string }    `json:"content"`
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
		RequestState  string                     `json:"requestState"`
	} `json:"result"`
	Error *struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

var rpcID atomic.Int64

// formElicitation is what raw's client declares it takes: form questions.
var formElicitation = map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}

// raw sends one 2026-07-28 request as user (a bearer token), from a client
// that takes form questions, and returns the response.
func raw(t *testing.T, url, user, method string, params map[string]any) rpcReply {
	t.Helper()
	return rawDeclaring(t, url, user, formElicitation, method, params)
}

// rawDeclaring is raw, from a client that declares the capabilities caps.
func rawDeclaring(t *testing.T, url, user string, caps map[string]any, method string, params map[string]any) rpcReply {
	t.Helper()
	params["_meta"] = map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": caps,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw", "version": "v0"},
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": rpcID.Add(1), "method": method, "params": params})
	req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	req.Header.Set("Mcp-Name", params["name"].(string))
	req.Header.Set("Authorization", "Bearer "+user)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var data []byte
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok && strings.Contains(d, `"id"`) {
				data = []byte(d)
			}
		}
	} else {
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		data = b.Bytes()
	}
	var r rpcReply
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: response %q: %v", method, data, err)
	}
	if r.Error != nil && r.Error.Code == 0 {
		t.Errorf("%s: JSON-RPC error with code 0: %s", method, data)
	}
	return r
}

const invalidState = "Invalid or expired requestState"

// wantInvalidState checks the fixed answer to state that fails
// verification, in the terms of the server's SDK.
func wantInvalidState(t *testing.T, sdk string, r rpcReply) {
	t.Helper()
	switch {
	case r.Error == nil:
		t.Errorf("state accepted: %+v", r.Result)
	case sdk == "go-sdk" && (r.Error.Code != -32602 || r.Error.Message != invalidState || string(r.Error.Data) != `{"reason":"invalid_request_state"}`):
		t.Errorf("go-sdk: error %d %q %s, want -32602 %q with the reason", r.Error.Code, r.Error.Message, r.Error.Data, invalidState)
	case sdk == "mcp-go" && (r.Error.Code != -32603 || r.Error.Message != invalidState):
		t.Errorf("mcp-go: error %d %q, want -32603 %q (mcp-go's one handler error code)", r.Error.Code, r.Error.Message, invalidState)
	}
}

func confirmAnswer(ok any) map[string]any {
	return map[string]any{"confirm": map[string]any{"action": "accept", "content": map[string]any{"ok": ok}}}
}

func TestHostileInput(t *testing.T) {
	t.Setenv(seal.KeysEnv, seal.GenerateKey())
	for _, sdk := range []string{"go-sdk", "mcp-go"} {
		t.Run(sdk, func(t *testing.T) {
			url, runs := hostileServer(t, sdk, "fixture", nil)
			otherURL, _ := hostileServer(t, sdk, "another-service", nil) // the same key ring, another audience
			args := map[string]any{"title": "Dune"}
			first := raw(t, url, "alice", "tools/call", map[string]any{"name": "confirm", "arguments": args})
			if first.Result == nil || first.Result.ResultType != "input_required" || first.Result.RequestState == "" || first.Result.InputRequests["confirm"] == nil {
				t.Fatalf("round 1: %+v, want an input-required result asking \"confirm\" with state", first)
			}
			state := first.Result.RequestState
			retry := func(url, user, method, name string, args map[string]any, state string, answers map[string]any) rpcReply {
				p := map[string]any{"name": name, "requestState": state, "inputResponses": answers}
				if args != nil {
					p["arguments"] = args
				}
				return raw(t, url, user, method, p)
			}
			t.Run("forged", func(t *testing.T) {
				// One character changed in the middle, where every bit of
				// it is a bit of the token (the last characters of
				// unpadded base64 are partly padding, and the old "AA"
				// suffix was the token itself when its last byte was 0).
				forged := []byte(state)
				i := len(forged) / 2
				if forged[i] = 'A'; state[i] == 'A' {
					forged[i] = 'B'
				}
				wantInvalidState(t, sdk, retry(url, "alice", "tools/call", "confirm", args, string(forged), confirmAnswer(true)))
			})
			t.Run("other tool", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(url, "alice", "tools/call", "confirm_outcome", args, state, confirmAnswer(true)))
			})
			t.Run("other method", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(url, "alice", "prompts/get", "confirm", nil, state, confirmAnswer(true)))
			})
			t.Run("other arguments", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(url, "alice", "tools/call", "confirm", map[string]any{"title": "Emma"}, state, confirmAnswer(true)))
			})
			t.Run("other principal", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(url, "bob", "tools/call", "confirm", args, state, confirmAnswer(true)))
			})
			t.Run("other audience", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(otherURL, "alice", "tools/call", "confirm", args, state, confirmAnswer(true)))
			})
			t.Run("oversized", func(t *testing.T) {
				wantInvalidState(t, sdk, retry(url, "alice", "tools/call", "confirm", args, strings.Repeat("A", engine.MaxStateBytes+1), confirmAnswer(true)))
			})
			t.Run("answer that fails the schema", func(t *testing.T) {
				r := retry(url, "alice", "tools/call", "confirm", args, state, confirmAnswer("yes"))
				if r.Result == nil || !r.Result.IsError || len(r.Result.Content) != 1 || r.Result.Content[0].Text != engine.MismatchMessage("confirm") {
					t.Errorf("got %+v %+v, want the tool error %q", r.Result, r.Error, engine.MismatchMessage("confirm"))
				}
			})
			t.Run("malformed answer", func(t *testing.T) {
				// go-sdk rejects it while decoding the params (v1.8.0 says
				// -32020); mcp-go keeps responses raw, and the engine
				// rejects it (-32602, sent by mcp-go as -32603).
				r := retry(url, "alice", "tools/call", "confirm", args, state, map[string]any{"confirm": 12345})
				if r.Error == nil || sdk == "mcp-go" && (r.Error.Code != -32603 || strings.Contains(r.Error.Message, "json")) {
					t.Errorf("got %+v %+v, want a JSON-RPC error without decoder internals", r.Result, r.Error)
				}
			})
			if runs.Load() != 0 {
				t.Fatalf("the handler ran %d times on hostile input", runs.Load())
			}
			t.Run("the legitimate retry", func(t *testing.T) {
				r := retry(url, "alice", "tools/call", "confirm", args, state, confirmAnswer(true))
				if r.Result == nil || r.Result.IsError || len(r.Result.Content) != 1 || r.Result.Content[0].Text != `"confirmed ok=true"` || runs.Load() != 1 {
					t.Errorf("got %+v %+v after %d runs, want the confirmed result from one run", r.Result, r.Error, runs.Load())
				}
			})
		})
	}
}

// hostileServer serves the fixture of sdk under server name name, with
// the state codec codec (nil: the default sealed codec), and returns the
// URL of its stateless endpoint and the handler runs of tool "confirm".
func hostileServer(t *testing.T, sdk, name string, codec engine.StateCodec) (string, *atomic.Int64) {
	var h http.Handler
	var runs *atomic.Int64
	switch sdk {
	case "go-sdk":
		s, r, err := goSDKServer(&resolve.Options{Logger: quiet, StateCodec: codec}, name)
		if err != nil {
			t.Fatal(err)
		}
		h, runs = goSDKHandler(s), r
	default:
		s, r, err := mcpGoServer(&mcpgoresolve.Options{Logger: quiet, StateCodec: codec}, name)
		if err != nil {
			t.Fatal(err)
		}
		h, runs = mcpGoHandler(s), r
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/stateless", runs
}
