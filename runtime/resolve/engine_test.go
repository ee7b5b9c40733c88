package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type orderIn struct {
	Title string `json:"title"`
}

type stock struct{ Copies int }

type backorder struct {
	Confirm bool `json:"confirm"`
}

type receipt struct {
	Title       string `json:"title"`
	Backordered bool   `json:"backordered"`
	Copies      int    `json:"copies"`
}

// bookTool registers order_book: a plain stock resolver and a backorder
// question asked only when the title is out of stock.
func bookTool(t testing.TB, s *mcp.Server, copies int, bodies *counter) {
	t.Helper()
	checkStock := func(ctx context.Context, in orderIn) (stock, error) {
		return stock{Copies: copies}, nil
	}
	confirmBackorder := func(ctx context.Context, in orderIn, st stock) (Elicit[backorder], error) {
		bodies.inc()
		if st.Copies > 0 {
			return Given(backorder{Confirm: true}), nil
		}
		return Ask[backorder](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
	}
	order := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, st stock, b backorder) (receipt, error) {
		if !b.Confirm {
			return receipt{}, errors.New("not confirmed")
		}
		return receipt{Title: in.Title, Backordered: st.Copies == 0, Copies: st.Copies}, nil
	}
	if err := plainRuntime.AddTool(s, &mcp.Tool{Name: "order_book"}, order, checkStock, confirmBackorder); err != nil {
		t.Fatal(err)
	}
}

func TestBookOrderAsksWhenOutOfStock(t *testing.T) {
	s := newServer()
	var bodies counter
	bookTool(t, s, 0, &bodies)
	user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"confirm": true}) })
	cs := userSession(t, s, user, "")
	var r receipt
	structured(t, call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}}), &r)
	if !r.Backordered || r.Title != "Dune" {
		t.Errorf("receipt = %+v, want a backorder of Dune", r)
	}
	if got := user.times(`"Dune" is out of stock. Order anyway?`); got != 1 {
		t.Errorf("question shown %d times, want 1", got)
	}
	if got := bodies.get(); got != 2 {
		t.Errorf("resolver body ran %d times, want 2 (once per round)", got)
	}
}

func TestInputSchemaHasOnlyIn(t *testing.T) {
	s := newServer()
	bookTool(t, s, 1, new(counter))
	cs := userSession(t, s, newAnswerer(nil), "")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(res.Tools[0].InputSchema)
	var schema struct {
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	if len(schema.Properties) != 1 || schema.Properties["title"] == nil {
		t.Errorf("input schema properties = %s, want only title", data)
	}
	// A client cannot supply a resolved value: the schema forbids extra
	// properties.
	res2 := call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune", "Confirm": false}})
	if !res2.IsError || !strings.Contains(text(res2), "validating \"arguments\"") {
		t.Errorf("call with a resolved value as argument: %v %q, want a validation error", res2.IsError, text(res2))
	}
}

// PR #3019 bug 1: a crafted accept entry cannot replace the value of a
// branch that asks nothing, and the body runs.
func TestForgedAcceptCannotReplaceComputedValue(t *testing.T) {
	s := newServer()
	var bodies counter
	bookTool(t, s, 3, &bodies) // in stock: confirmBackorder returns Given
	cs := manualSession(t, s)
	key := "resolve.backorder"
	forged := plainState(t, &engine.State{
		Version: engine.StateVersion,
		Answers: engine.KeyedOf(map[string]engine.StoredAnswer{key: {Digest: bookDigest(t), Response: json.RawMessage(`{"action":"accept","content":{"confirm":false}}`)}}),
		Asked:   engine.KeyedOf(map[string]string{key: bookDigest(t)}),
	})
	res := call(t, cs, &mcp.CallToolParams{
		Name:           "order_book",
		Arguments:      map[string]any{"title": "Dune"},
		RequestState:   forged,
		InputResponses: mcp.InputResponseMap{key: accept(map[string]any{"confirm": false})},
	})
	var r receipt
	structured(t, res, &r)
	if r.Copies != 3 || r.Backordered {
		t.Errorf("receipt = %+v, want the computed in-stock order", r)
	}
	if bodies.get() != 1 {
		t.Errorf("resolver body ran %d times, want 1", bodies.get())
	}

	// Control: the forgery is well formed. Where the question is really
	// asked (out of stock), the same entry is taken as the answer (in a
	// call of its own: the first call ran, so its state is spent).
	forged = plainState(t, &engine.State{
		Version: engine.StateVersion,
		Answers: engine.KeyedOf(map[string]engine.StoredAnswer{key: {Digest: bookDigest(t), Response: json.RawMessage(`{"action":"accept","content":{"confirm":false}}`)}}),
		Asked:   engine.KeyedOf(map[string]string{key: bookDigest(t)}),
	})
	s2 := newServer()
	bookTool(t, s2, 0, new(counter))
	res2 := call(t, manualSession(t, s2), &mcp.CallToolParams{
		Name: "order_book", Arguments: map[string]any{"title": "Dune"}, RequestState: forged,
	})
	if !res2.IsError || text(res2) != "not confirmed" {
		t.Errorf("control: result = %v %q, want the stored answer used", res2.IsError, text(res2))
	}
}

func mustFormSchema(t testing.TB) *jsonschema.Resolved {
	t.Helper()
	rs, err := engine.FormSchema(reflect.TypeFor[backorder]())
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// PR #3019 bug 1: a decline entry cannot abort a resolver that asks nothing.
func TestForgedDeclineCannotAbortPlainResolver(t *testing.T) {
	s := newServer()
	bookTool(t, s, 2, new(counter))
	cs := manualSession(t, s)
	keys := []string{"resolve.backorder", "resolve.stock"}
	st := &engine.State{Version: engine.StateVersion}
	responses := mcp.InputResponseMap{}
	for _, k := range keys {
		st.Answers.Set(k, engine.StoredAnswer{Digest: "x", Response: json.RawMessage(`{"action":"decline"}`)})
		st.Asked.Set(k, "x")
		responses[k] = &mcp.ElicitResult{Action: "decline"}
	}
	res := call(t, cs, &mcp.CallToolParams{
		Name: "order_book", Arguments: map[string]any{"title": "Dune"},
		RequestState: plainState(t, st), InputResponses: responses,
	})
	var r receipt
	structured(t, res, &r)
	if r.Copies != 2 {
		t.Errorf("receipt = %+v, want the in-stock order", r)
	}
}

// PR #3019 bug 2: a question whose schema is built at run time completes
// across three rounds, validated against the live schema.
func TestDynamicFormAcrossThreeRounds(t *testing.T) {
	type shelf struct {
		Section string `json:"section"`
	}
	s := newServer()
	askShelf := func(ctx context.Context, in orderIn) (Elicit[shelf], error) {
		return Ask[shelf]("Which section?"), nil
	}
	askDetails := func(ctx context.Context, sh shelf) (Elicit[Form], error) {
		schema := &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				sh.Section + "_shelf": {Type: "integer", Minimum: ptr(1.0)},
			},
			Required: []string{sh.Section + "_shelf"},
		}
		return AskForm("Which shelf in "+sh.Section+"?", schema), nil
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, sh shelf, f Form) (map[string]any, error) {
		return map[string]any{"section": sh.Section, "form": f}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "place"}, handler, askShelf, askDetails)
	user := newAnswerer(func(msg string) *mcp.ElicitResult {
		if msg == "Which section?" {
			return accept(map[string]any{"section": "scifi"})
		}
		return accept(map[string]any{"scifi_shelf": 4})
	})
	var rounds counter
	cs := session(t, s, &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		rounds.inc()
		return user.elicit(ctx, req)
	}}, "")
	var out struct {
		Section string         `json:"section"`
		Form    map[string]any `json:"form"`
	}
	structured(t, call(t, cs, &mcp.CallToolParams{Name: "place", Arguments: map[string]any{"title": "Dune"}}), &out)
	if out.Section != "scifi" || out.Form["scifi_shelf"] != 4.0 {
		t.Errorf("result = %+v", out)
	}
	if rounds.get() != 2 || user.total() != 2 {
		t.Errorf("questions asked %d times, want 2 (three rounds)", rounds.get())
	}
}

func ptr[T any](v T) *T { return &v }

// PR #3019 bug 3: a resolver tool whose body returns an input-required
// result through an interface-typed Out fails cleanly.
func TestResolverToolReturningInputRequiredFails(t *testing.T) {
	s := newServer()
	checkStock := func(ctx context.Context, in orderIn) (stock, error) { return stock{}, nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn, st stock) (any, error) {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"own": &mcp.ElicitParams{Message: "mine"}},
			RequestState:  "own-state",
		}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "mixed"}, handler, checkStock)
	cs := manualSession(t, s)
	res := call(t, cs, &mcp.CallToolParams{Name: "mixed", Arguments: map[string]any{"title": "x"}})
	if !res.IsError || text(res) != engine.OneChannelMessage || res.NeedsInput() {
		t.Errorf("result = error %v %q needsInput %v, want the one-channel tool error", res.IsError, text(res), res.NeedsInput())
	}
}

func TestToolWithoutResolversMayDriveTheFlow(t *testing.T) {
	s := newServer()
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in orderIn) (*mcp.CallToolResult, error) {
		if r, ok := req.Params.InputResponses["name"].(*mcp.ElicitResult); ok {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hi " + r.Content["name"].(string)}}}, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{
			Message: "name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
		}}}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "by_hand"}, handler)
	cs := userSession(t, s, newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"name": "ada"}) }), "")
	if got := text(call(t, cs, &mcp.CallToolParams{Name: "by_hand", Arguments: map[string]any{"title": "x"}})); got != "hi ada" {
		t.Errorf("result = %q", got)
	}
}

// batchTool has two independent questions (a, b) and one (c) that depends
// on a. Bodies count their runs.
type qa struct {
	A string `json:"a"`
}
type qb struct {
	B string `json:"b"`
}
type qc struct {
	C string `json:"c"`
}

func batchTool(t testing.TB, s *mcp.Server, runs map[string]*counter) {
	t.Helper()
	askA := func(ctx context.Context) (Elicit[qa], error) { runs["a"].inc(); return Ask[qa]("a?"), nil }
	askB := func(ctx context.Context) (Elicit[qb], error) { runs["b"].inc(); return Ask[qb]("b?"), nil }
	askC := func(ctx context.Context, a qa) (Elicit[qc], error) {
		runs["c"].inc()
		return Ask[qc]("c after " + a.A + "?"), nil
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a qa, b qb, c qc) (map[string]string, error) {
		runs["handler"].inc()
		return map[string]string{"a": a.A, "b": b.B, "c": c.C}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "batch"}, handler, askA, askB, askC)
}

func newRuns() map[string]*counter {
	return map[string]*counter{"a": new(counter), "b": new(counter), "c": new(counter), "handler": new(counter)}
}

func TestBatchingRoundByRound(t *testing.T) {
	s := newServer()
	runs := newRuns()
	batchTool(t, s, runs)
	cs := manualSession(t, s)
	params := &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}}

	// Round 1: a and b together.
	r1 := call(t, cs, params)
	if !r1.NeedsInput() || len(r1.InputRequests) != 2 || r1.InputRequests["resolve.qa"] == nil || r1.InputRequests["resolve.qb"] == nil {
		t.Fatalf("round 1 asks %v, want resolve.qa and resolve.qb", keysOf(r1.InputRequests))
	}
	// Round 2: answer both; c (depends on a) goes out alone.
	r2 := call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{
			"resolve.qa": accept(map[string]any{"a": "A1"}),
			"resolve.qb": accept(map[string]any{"b": "B1"}),
		}})
	if !r2.NeedsInput() || len(r2.InputRequests) != 1 || r2.InputRequests["resolve.qc"] == nil {
		t.Fatalf("round 2 asks %v, want only resolve.qc", keysOf(r2.InputRequests))
	}
	if msg := r2.InputRequests["resolve.qc"].(*mcp.ElicitParams).Message; msg != "c after A1?" {
		t.Errorf("round 2 question = %q", msg)
	}
	// Round 3: only c's answer is sent; a and b survive in the state.
	r3 := call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.qc": accept(map[string]any{"c": "C1"})}})
	var out map[string]string
	structured(t, r3, &out)
	if out["a"] != "A1" || out["b"] != "B1" || out["c"] != "C1" {
		t.Errorf("result = %v", out)
	}
	// Bodies re-run every round; the handler runs once.
	for name, want := range map[string]int64{"a": 3, "b": 3, "c": 2, "handler": 1} {
		if got := runs[name].get(); got != want {
			t.Errorf("%s ran %d times, want %d", name, got, want)
		}
	}
}

func keysOf(m mcp.InputRequestMap) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// Each question is shown once by a client that retries for its user: go-sdk's
// client on 2026-07-28, resending each round itself, and on 2025-11-25,
// answering the server's requests. It stays with this binding: the
// both-bindings property table (runtime/internal/bothsdks) sends raw
// requests, with no client that retries and no user to show questions to,
// and cannot count the bodies' runs; what the engine does for it, a round
// asks only what is not answered yet, is that table's "independent questions
// are asked together, a dependent one after".
func TestEachQuestionShownOnceWithClientRetries(t *testing.T) {
	for _, version := range []string{"", "2025-11-25"} {
		t.Run("version="+version, func(t *testing.T) {
			s := newServer()
			runs := newRuns()
			batchTool(t, s, runs)
			user := newAnswerer(func(msg string) *mcp.ElicitResult {
				switch {
				case msg == "a?":
					return accept(map[string]any{"a": "x"})
				case msg == "b?":
					return accept(map[string]any{"b": "y"})
				default:
					return accept(map[string]any{"c": "z"})
				}
			})
			cs := userSession(t, s, user, version)
			var out map[string]string
			structured(t, call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}}), &out)
			if out["a"] != "x" || out["b"] != "y" || out["c"] != "z" {
				t.Errorf("result = %v", out)
			}
			for _, q := range []string{"a?", "b?", "c after x?"} {
				if got := user.times(q); got != 1 {
					t.Errorf("%q shown %d times, want 1", q, got)
				}
			}
			if got := runs["a"].get(); got != 3 {
				t.Errorf("a ran %d times, want 3", got)
			}
		})
	}
}

func bookDigest(t testing.TB) string {
	return formDigest(t, "resolve.backorder", `"Dune" is out of stock. Order anyway?`)
}

// formDigest is the digest of a backorder question with message, asked
// under the wire key key.
func formDigest(t testing.TB, key, message string) string {
	t.Helper()
	schemaJSON, err := engine.ShownForm(mustFormSchema(t).Schema())
	if err != nil {
		t.Fatal(err)
	}
	return engine.QuestionDigest(engine.KindForm, key, message, schemaJSON)
}

func TestFreshAnswerFailingSchemaIsFixedError(t *testing.T) {
	s := newServer()
	bookTool(t, s, 0, new(counter))
	cs := manualSession(t, s)
	params := &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}}
	r1 := call(t, cs, params)
	for name, resp := range map[string]mcp.InputResponse{
		"wrong type":     accept(map[string]any{"confirm": "yes"}),
		"extra property": accept(map[string]any{"confirm": true, "admin": true}),
		"unknown action": &mcp.ElicitResult{Action: "maybe"},
		"roots answer":   &mcp.ListRootsResult{Roots: []*mcp.Root{{URI: "file:///"}}},
	} {
		t.Run(name, func(t *testing.T) {
			res := call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"},
				RequestState: r1.RequestState, InputResponses: mcp.InputResponseMap{"resolve.backorder": resp}})
			want := `the answer to question "resolve.backorder" does not match the question asked`
			if !res.IsError || text(res) != want {
				t.Errorf("result = %v %q, want the fixed error %q", res.IsError, text(res), want)
			}
		})
	}
}

// The form is shown in the restricted shape the specification gives
// requestedSchema, without additionalProperties; answers are validated
// against the whole schema all the same (the "extra property" case
// above).
func TestFormShownInTheRestrictedShape(t *testing.T) {
	s := newServer()
	bookTool(t, s, 0, new(counter))
	r1 := call(t, manualSession(t, s), &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}})
	q, ok := r1.InputRequests["resolve.backorder"].(*mcp.ElicitParams)
	if !ok {
		t.Fatalf("input requests %+v", r1.InputRequests)
	}
	shown, err := json.Marshal(q.RequestedSchema)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"properties":{"confirm":{"type":"boolean"}},"required":["confirm"],"type":"object"}`; string(shown) != want {
		t.Errorf("requestedSchema %s, want %s", shown, want)
	}
}

func TestAnswersForKeysNeverAskedAreIgnored(t *testing.T) {
	s := newServer()
	bookTool(t, s, 0, new(counter))
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}})
	r2 := call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{
			"resolve.backorder": accept(map[string]any{"confirm": true}),
			"resolve.stock":     accept(map[string]any{"Copies": 99}),
			"made.up":           &mcp.ElicitResult{Action: "decline"},
		}})
	var r receipt
	structured(t, r2, &r)
	if r.Copies != 0 || !r.Backordered {
		t.Errorf("receipt = %+v, want the backorder with the computed stock", r)
	}
	if st := openPlain(t, r1.RequestState, "resolve.backorder"); len(st.Asked) != 1 {
		t.Errorf("round 1 state asked %v, want only the backorder question", st.Asked)
	}
}

// A 2025-11-25 session completes a two-round chain in one tools/call,
// through real elicitation requests.
func TestLegacySessionTwoRoundChain(t *testing.T) {
	s := newServer()
	var toolCalls counter
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				toolCalls.inc()
			}
			return next(ctx, method, req)
		}
	})
	runs := newRuns()
	batchTool(t, s, runs)
	user := newAnswerer(func(msg string) *mcp.ElicitResult {
		return accept(map[string]any{string(msg[0]): "v" + string(msg[0])})
	})
	cs := userSession(t, s, user, "2025-11-25")
	var out map[string]string
	structured(t, call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}}), &out)
	if out["a"] != "va" || out["b"] != "vb" || out["c"] != "vc" {
		t.Errorf("result = %v", out)
	}
	if toolCalls.get() != 1 {
		t.Errorf("tools/call received %d times, want 1 (questions asked with server requests)", toolCalls.get())
	}
	if user.times("c after va?") != 1 || user.total() != 3 {
		t.Errorf("questions shown: %v", user.asked)
	}
}

// Question pinning: an answer counts only for the question the client was
// shown. A question that changed between rounds (a redeploy) is asked again.
func TestChangedQuestionIsAskedAgain(t *testing.T) {
	s := newServer()
	message := "Order the hardcover?"
	ask := func(ctx context.Context) (Elicit[backorder], error) { return Ask[backorder](message), nil }
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, b backorder) (bool, error) {
		return b.Confirm, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "pinned"}, handler, ask)
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "pinned", Arguments: map[string]any{}})
	message = "Order the paperback?" // the server was redeployed between rounds
	r2 := call(t, cs, &mcp.CallToolParams{Name: "pinned", Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": true})}})
	if !r2.NeedsInput() {
		t.Fatalf("round 2 = %q; want the changed question asked again", text(r2))
	}
	if got := r2.InputRequests["resolve.backorder"].(*mcp.ElicitParams).Message; got != message {
		t.Errorf("round 2 asks %q, want %q", got, message)
	}
	// The stored answer of an earlier rendering is not reused either.
	r3 := call(t, cs, &mcp.CallToolParams{Name: "pinned", Arguments: map[string]any{}, RequestState: r2.RequestState,
		InputResponses: mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": true})}})
	if r3.NeedsInput() || text(r3) != "true" {
		t.Errorf("round 3 = %q needsInput %v, want the answer to the shown question used", text(r3), r3.NeedsInput())
	}
}

// A call that asks nothing answers without requestState and never calls
// its codec.
func TestCallWithoutQuestionsHasNoState(t *testing.T) {
	codec := &countingCodec{}
	tl, err := mustNew(&Options{StateCodec: codec}).compile(&mcp.Tool{Name: "five"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a v1, b v2, c v3, d v4, e v5) (int, error) {
		return sum(a, b, c, d, e), nil
	}, []any{r1, r2, r3, r4, r5})
	if err != nil {
		t.Fatal(err)
	}
	res, err := tl.handle(context.Background(), fuzzRequestFor("five", "", nil))
	if err != nil || res.RequestState != "" || text(res) != "15" {
		t.Errorf("call = %v %q state %q, want 15 without state", err, text(res), res.RequestState)
	}
	if codec.calls.Load() != 0 {
		t.Errorf("the codec was called %d times for a call that asks nothing", codec.calls.Load())
	}
}

// countingCodec is the plain codec, counting its calls.
type countingCodec struct{ calls atomic.Int64 }

func (c *countingCodec) Seal(b Binding, payload []byte) (string, error) {
	c.calls.Add(1)
	return jsonCodec{}.Seal(b, payload)
}

func (c *countingCodec) Open(b Binding, token string) ([]byte, error) {
	c.calls.Add(1)
	return jsonCodec{}.Open(b, token)
}

// A first round (no requestState) takes answers the client sent ahead for
// the questions the bodies ask now, validated like any fresh answer; a
// computed value still wins.
func TestAnswersSentAheadInTheFirstRound(t *testing.T) {
	ahead := mcp.InputResponseMap{
		"resolve.backorder": accept(map[string]any{"confirm": true}),
		"unknown_extra_key": accept(map[string]any{"foo": "bar"}),
	}
	s := newServer()
	bookTool(t, s, 0, new(counter))
	cs := manualSession(t, s)
	var r receipt
	structured(t, call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"}, InputResponses: ahead}), &r)
	if !r.Backordered {
		t.Errorf("receipt = %+v, want the answer sent ahead used", r)
	}
	bad := call(t, cs, &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"},
		InputResponses: mcp.InputResponseMap{"resolve.backorder": accept(map[string]any{"confirm": "yes"})}})
	if !bad.IsError || !strings.Contains(text(bad), "does not match the question asked") {
		t.Errorf("invalid answer sent ahead: %v %q, want the fixed error", bad.IsError, text(bad))
	}
	s2 := newServer()
	bookTool(t, s2, 4, new(counter))
	declined := call(t, manualSession(t, s2), &mcp.CallToolParams{Name: "order_book", Arguments: map[string]any{"title": "Dune"},
		InputResponses: mcp.InputResponseMap{"resolve.backorder": &mcp.ElicitResult{Action: "decline"}}})
	structured(t, declined, &r)
	if r.Copies != 4 {
		t.Errorf("in stock with a decline sent ahead: %+v, want the computed order", r)
	}
}

type userName struct {
	Name string `json:"name"`
}

func (userName) InputKey() string { return "user_name" }

type emptyKey struct{ V string }

func (emptyKey) InputKey() string { return "" }

type alsoUserName struct{ V string }

func (alsoUserName) InputKey() string { return "user_name" }

func TestInputKeyNamesTheQuestion(t *testing.T) {
	s := newServer()
	ask := func(ctx context.Context) (Elicit[userName], error) { return Ask[userName]("Name?"), nil }
	hello := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, u userName) (string, error) {
		return "hi " + u.Name, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "hello"}, hello, ask)
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "hello", Arguments: map[string]any{}})
	if r1.InputRequests["user_name"] == nil {
		t.Fatalf("round 1 asks %v, want user_name", keysOf(r1.InputRequests))
	}
	r2 := call(t, cs, &mcp.CallToolParams{Name: "hello", Arguments: map[string]any{}, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{"user_name": accept(map[string]any{"name": "ada"})}})
	if text(r2) != `"hi ada"` {
		t.Errorf("round 2 = %s", text(r2))
	}

	err := AddTool(newServer(), &mcp.Tool{Name: "bad"}, handlerOf[emptyKey](), func() (Elicit[emptyKey], error) { return Ask[emptyKey]("?"), nil })
	if !slices.Equal(Rules(err), []Rule{RuleResolveGraph}) || !strings.Contains(err.Error(), "empty key") {
		t.Errorf("empty key: %v", err)
	}
	two := func(context.Context, *mcp.CallToolRequest, orderIn, userName, alsoUserName) (string, error) {
		return "", nil
	}
	err = AddTool(newServer(), &mcp.Tool{Name: "bad"}, two,
		func() (Elicit[userName], error) { return Ask[userName]("?"), nil },
		func() (Elicit[alsoUserName], error) { return Ask[alsoUserName]("?"), nil }) //mcplint:ignore resolvegraph the duplicate wire key is what this test checks
	if !slices.Contains(Rules(err), RuleResolveGraph) || !strings.Contains(err.Error(), `both ask under the key "user_name"`) {
		t.Errorf("duplicate key: %v", err)
	}
}

type requestTag struct{}

// Every resolver and the handler that takes a context gets the request's,
// in every round of a call, on both protocol versions.
func TestFunctionsTakeTheRequestContext(t *testing.T) {
	s := newServer()
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			return next(context.WithValue(ctx, requestTag{}, "tagged"), method, req)
		}
	})
	tag := func(ctx context.Context) string { s, _ := ctx.Value(requestTag{}).(string); return s }
	MustAddTool(s, &mcp.Tool{Name: "tagged"},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, b backorder, st stock) (string, error) {
			return fmt.Sprintf("%s %v %d", tag(ctx), b.Confirm, st.Copies), nil
		},
		func(ctx context.Context) (Elicit[backorder], error) {
			if tag(ctx) == "" {
				return Elicit[backorder]{}, fmt.Errorf("the resolver asking has no request context")
			}
			return Ask[backorder]("Order anyway?"), nil
		},
		func(ctx context.Context, b backorder) (stock, error) { return stock{len(tag(ctx))}, nil })
	user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"confirm": true}) })
	for _, version := range []string{"", "2025-11-25"} {
		res := call(t, userSession(t, s, user, version), &mcp.CallToolParams{Name: "tagged", Arguments: map[string]any{}})
		var got string
		structured(t, res, &got)
		if want := "tagged true 6"; got != want {
			t.Errorf("protocol %q: result %q, want %q", version, got, want)
		}
	}
}
