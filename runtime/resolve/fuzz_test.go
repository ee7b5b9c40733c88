package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// FuzzState feeds arbitrary requestState to the engine: it never panics,
// never fails the call for unreadable state, and never completes the call
// without a valid answer to the question the tool asks.
func FuzzState(f *testing.F) {
	f.Add("")
	f.Add("p1.")
	f.Add("p1.eyJ2IjoxfQ")
	f.Add(plainState(f, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{
		"resolve.backorder": {Digest: bookDigest(f), Response: json.RawMessage(`{"action":"accept","content":{"confirm":true}}`)},
	})}))
	f.Add(plainState(f, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{
		"resolve.backorder": {Digest: bookDigest(f), Response: json.RawMessage(`{"action":"accept","content":{"confirm":7}}`)},
	})}))
	f.Add(plainState(f, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{
		"resolve.backorder": {Digest: bookDigest(f), Action: "accept", Content: json.RawMessage(`{"confirm":true}`)},
	})}))
	f.Add(plainState(f, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{
		"resolve.backorder": {Digest: bookDigest(f), Action: "accept", Content: json.RawMessage(`{"confirm":"yes"}`)},
	})}))
	tl := fuzzTool(f)
	f.Fuzz(func(t *testing.T, state string) {
		res, err := tl.handle(context.Background(), fuzzRequest(state, nil))
		if err != nil {
			// Single use refuses readable state of a call that is spent
			// (an input run again, or another with the same call id) or
			// past its lifetime: the fixed -32602, and nothing runs.
			if namesCall(state) && isInvalidState(err) {
				return
			}
			t.Fatalf("state %q: protocol error %v", state, err)
		}
		if res.IsError || res.InputRequests != nil {
			return
		}
		// Completed: only a stored accept of this very question, valid
		// against its live schema, can do that, and its value is used.
		var r receipt
		if err := json.Unmarshal(res.StructuredContent.(json.RawMessage), &r); err != nil {
			t.Fatal(err)
		}
		payload, err := jsonCodec{}.Open(Binding{}, state)
		if err != nil {
			t.Fatalf("state %q completed the call but does not open: %v", state, err)
		}
		st, err := engine.DecodeState(payload)
		if err != nil {
			t.Fatalf("state %q completed the call but does not decode: %v", state, err)
		}
		stored, _ := st.Answers.Get("resolve.backorder")
		er := mcp.ElicitResult{Action: stored.Action}
		if stored.Action == "" {
			err = json.Unmarshal(stored.Response, &er)
		} else {
			er.Content, err = stored.FormContent(engine.NewFlatSchema(mustFormSchema(t).Schema()))
		}
		if stored.Digest != bookDigest(t) || err != nil || er.Action != "accept" || er.Content["confirm"] != r.Backordered {
			t.Fatalf("state %q completed the call with %+v", state, r)
		}
	})
}

// namesCall reports whether state opens and names a call under single use.
func namesCall(state string) bool {
	payload, err := jsonCodec{}.Open(Binding{}, state)
	if err != nil {
		return false
	}
	st, err := engine.DecodeState(payload)
	return err == nil && st.Call != nil
}

// isInvalidState reports whether err is the fixed answer to rejected state.
func isInvalidState(err error) bool {
	var w *jsonrpc.Error
	want := engine.InvalidState()
	return errors.As(err, &w) && w.Code == want.Code && w.Message == want.Message && string(w.Data) == string(want.Data)
}

// FuzzInputResponses feeds arbitrary inputResponses (as JSON, decoded the
// way go-sdk decodes them) to the round after the question was asked.
func FuzzInputResponses(f *testing.F) {
	f.Add(`{"resolve.backorder":{"action":"accept","content":{"confirm":true}}}`)
	f.Add(`{"resolve.backorder":{"action":"decline"}}`)
	f.Add(`{"resolve.backorder":{"action":"accept","content":{"confirm":"no"}}}`)
	f.Add(`{"resolve.backorder":{"roots":[]}}`)
	f.Add(`{"resolve.backorder":{"role":"user","content":{"type":"text","text":"x"}}}`)
	f.Add(`{"resolve.stock":{"action":"accept","content":{"Copies":1}}}`)
	tl := fuzzTool(f)
	f.Fuzz(func(t *testing.T, responses string) {
		var m mcp.InputResponseMap
		if err := json.Unmarshal([]byte(responses), &m); err != nil {
			return // go-sdk rejects the request before any handler runs
		}
		// A call of its own each time: a call that completed is spent.
		asked := plainState(t, &engine.State{Version: engine.StateVersion, Asked: engine.KeyedOf(map[string]string{"resolve.backorder": bookDigest(t)})})
		res, err := tl.handle(context.Background(), fuzzRequest(asked, m))
		if err != nil {
			t.Fatalf("responses %s: protocol error %v", responses, err)
		}
		if res.IsError || res.NeedsInput() || res.InputRequests != nil {
			return
		}
		er, ok := m["resolve.backorder"].(*mcp.ElicitResult)
		if !ok || er.Action != "accept" || er.Content["confirm"] != true {
			t.Fatalf("responses %s completed the call", responses)
		}
	})
}

// fuzzTool compiles the out-of-stock book tool.
func fuzzTool(f *testing.F) *tool {
	rt := plainRuntime
	checkStock := func(context.Context, orderIn) (stock, error) { return stock{}, nil }
	confirm := func(ctx context.Context, in orderIn, st stock) (Elicit[backorder], error) {
		return Ask[backorder](`"` + in.Title + `" is out of stock. Order anyway?`), nil
	}
	order := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, st stock, b backorder) (receipt, error) {
		return receipt{Title: in.Title, Backordered: b.Confirm}, nil
	}
	tl, err := rt.compile(&mcp.Tool{Name: "order_book"}, order, []any{checkStock, confirm})
	if err != nil {
		f.Fatal(err)
	}
	return tl
}

// fuzzRequest is a 2026-07-28 request from a client that can elicit.
func fuzzRequest(state string, responses mcp.InputResponseMap) *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{
		Meta: mcp.Meta{
			mcp.MetaKeyProtocolVersion:    engine.MultiRoundVersion,
			mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{"form": map[string]any{}}},
		},
		Name:           "order_book",
		Arguments:      json.RawMessage(`{"title":"Dune"}`),
		RequestState:   state,
		InputResponses: responses,
	}}
}

// fuzzRequestFor is fuzzRequest for another tool, with empty arguments.
func fuzzRequestFor(name, state string, responses mcp.InputResponseMap) *mcp.CallToolRequest {
	req := fuzzRequest(state, responses)
	req.Params.Name = name
	req.Params.Arguments = json.RawMessage(`{}`)
	return req
}

// FuzzErrorExits answers the first question of a two-question chain with
// arbitrary content, repeated up to past the state limit, with the default
// sealed codec; the dependent resolver panics on a "!" in the answer. Every
// round ends in one of the engine's exits: the next question with state
// within the limit, or a tool error with a fixed message, or one naming the
// size and the limit. Never a protocol error, never internal text.
func FuzzErrorExits(f *testing.F) {
	f.Add(`{"a":"x"}`, uint16(1))
	f.Add(`{"a":"x"}`, uint16(65_000))
	f.Add(`{"a":"panic!"}`, uint16(1))
	f.Add(`{"a":7}`, uint16(1))
	f.Add(`{"a":"\u00e9"}`, uint16(30_000))
	rt := mustNew(&Options{Logger: slog.New(slog.DiscardHandler)})
	askA := func(ctx context.Context) (Elicit[qa], error) { return Ask[qa]("a?"), nil }
	askC := func(ctx context.Context, a qa) (Elicit[qc], error) {
		if strings.Contains(a.A, "!") {
			panic("the answer has a !")
		}
		return Ask[qc]("c?"), nil
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a qa, c qc) (string, error) {
		return a.A + c.C, nil
	}
	tl, err := rt.compile(&mcp.Tool{Name: "chain"}, handler, []any{askA, askC})
	if err != nil {
		f.Fatal(err)
	}
	r1, err := tl.handle(context.Background(), fuzzRequestFor("chain", "", nil))
	if err != nil || r1.RequestState == "" {
		f.Fatalf("round 1: %v", err)
	}
	tooLarge := regexp.MustCompile(`^the answers of this call do not fit in requestState: \d+ bytes, over the limit of 65536$`)
	f.Fuzz(func(t *testing.T, content string, repeat uint16) {
		var c map[string]any
		if json.Unmarshal([]byte(content), &c) != nil {
			return
		}
		if s, ok := c["a"].(string); ok && repeat > 1 && len(s) > 0 {
			c["a"] = strings.Repeat(s, min(int(repeat), 100_000/len(s)))
		}
		res, err := tl.handle(context.Background(), fuzzRequestFor("chain", r1.RequestState, mcp.InputResponseMap{"resolve.qa": accept(c)}))
		if err != nil {
			t.Fatalf("content %.80s: protocol error %v", content, err)
		}
		switch msg := text(res); {
		case !res.IsError:
			if res.InputRequests["resolve.qc"] == nil || len(res.RequestState) > MaxStateBytes {
				t.Fatalf("content %.80s: result %+v, want question c with state within the limit", content, res)
			}
		case msg == engine.InternalMessage(rules.Tool) || msg == engine.MismatchMessage("resolve.qa") || tooLarge.MatchString(msg):
		default:
			t.Fatalf("content %.80s: tool error %q is none of the engine's exits", content, msg)
		}
	})
}
