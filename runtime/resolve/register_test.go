package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Go spellings of "a type that can carry an input-required result".
type (
	resultAlias     = *mcp.CallToolResult
	namedResult     mcp.CallToolResult
	embedsResult    struct{ *mcp.CallToolResult }
	ptrTo[T any]    *T
	withMeta[M any] struct {
		mcp.CallToolResult
		Meta M
	}
)

type shape interface{ Area() float64 }

type cycleA struct{}
type cycleB struct{}

func stockOf(ctx context.Context, in orderIn) (stock, error) { return stock{}, nil }

func TestRegistrationRejects(t *testing.T) {
	cases := []struct {
		name      string
		handler   any
		resolvers []any
		want      []Rule
		msg       string // substring of the error
	}{
		{"CallToolResult", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (*mcp.CallToolResult, error) {
			return nil, nil
		},
			[]any{stockOf}, []Rule{RuleResolveMix}, "one input_required channel"},
		{"alias", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (resultAlias, error) { return nil, nil },
			[]any{stockOf}, []Rule{RuleResolveMix}, ""},
		{"defined type", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (namedResult, error) {
			return namedResult{}, nil
		},
			[]any{stockOf}, []Rule{RuleResolveMix}, ""},
		{"embedding", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (embedsResult, error) {
			return embedsResult{}, nil
		},
			[]any{stockOf}, []Rule{RuleResolveMix}, ""},
		{"generic pointer", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (ptrTo[mcp.CallToolResult], error) {
			return nil, nil
		},
			[]any{stockOf}, []Rule{RuleResolveMix}, ""},
		{"generic embedding", func(context.Context, *mcp.CallToolRequest, orderIn, stock) (*withMeta[int], error) { return nil, nil },
			[]any{stockOf}, []Rule{RuleResolveMix}, ""},
		{"Elicit[any]", handlerOf[backorder](),
			//mcplint:ignore elicitbase registration must reject Elicit[any] (rule elicitbase): this case checks it
			[]any{func(context.Context) (Elicit[any], error) { return Given[any](nil), nil }, func(any) (backorder, error) { return backorder{}, nil }},
			[]Rule{RuleElicitBase}, "no static form schema (it is an interface)"},
		{"Elicit[interface]", handlerOf[backorder](),
			//mcplint:ignore elicitbase registration must reject Elicit[shape], an interface (rule elicitbase): this case checks it
			[]any{func(context.Context) (Elicit[shape], error) { return Given[shape](nil), nil }, func(shape) (backorder, error) { return backorder{}, nil }},
			[]Rule{RuleElicitBase}, "it is an interface"},
		{"Elicit[map]", handlerOf[map[string]any](),
			//mcplint:ignore elicitbase registration must reject Elicit[map[string]any] (rule elicitbase): this case checks it
			[]any{func(context.Context) (Elicit[map[string]any], error) { return Given[map[string]any](nil), nil }},
			[]Rule{RuleElicitBase}, "it is a map"},
		{"Elicit[json.RawMessage]", handlerOf[json.RawMessage](),
			//mcplint:ignore elicitbase registration must reject Elicit[json.RawMessage] (rule elicitbase): this case checks it
			[]any{func(context.Context) (Elicit[json.RawMessage], error) { return Given[json.RawMessage](nil), nil }},
			[]Rule{RuleElicitBase}, "raw JSON"},
		{"Elicit[nested struct]", handlerOf[receiptBox](),
			//mcplint:ignore elicitbase registration must reject Elicit over a nested struct (rule elicitbase): this case checks it
			[]any{func(context.Context) (Elicit[receiptBox], error) { return Given(receiptBox{}), nil }},
			[]Rule{RuleElicitBase}, "field R has type"},
		{"missing provider", handlerOf[stock](), nil, []Rule{RuleResolveGraph}, "no resolver provides resolve.stock"},
		{"two providers", handlerOf[stock](), []any{stockOf, stockOf}, []Rule{RuleResolveGraph}, "both provide resolve.stock"},
		{"cycle", handlerOf[cycleA](), []any{
			func(cycleB) (cycleA, error) { return cycleA{}, nil },
			func(cycleA) (cycleB, error) { return cycleB{}, nil },
		}, []Rule{RuleResolveGraph}, "cycle"},
		{"unsupported parameter", handlerOf[Elicit[stock]](), nil, []Rule{RuleResolveGraph}, "is a resolver result, not a value"},
		{"variadic resolver", handlerOf[stock](), []any{func(...int) (stock, error) { return stock{}, nil }}, []Rule{RuleResolveGraph, RuleResolveGraph}, "want func(params...)"},
		{"provides the request", func(context.Context, *mcp.CallToolRequest, orderIn) (stock, error) { return stock{}, nil },
			[]any{func(context.Context) (*mcp.CallToolRequest, error) { return nil, nil }}, []Rule{RuleResolveGraph}, "which the engine supplies itself"},
		{"unused resolver", func(context.Context, *mcp.CallToolRequest, orderIn) (stock, error) { return stock{}, nil },
			[]any{stockOf}, []Rule{RuleResolveGraph}, "neither the handler nor another resolver uses"},
		{"bad handler", func(context.Context, orderIn) (stock, error) { return stock{}, nil }, nil, []Rule{RuleResolveGraph}, "want func(context.Context, *mcp.CallToolRequest, In"},
		{"not a function", 42, nil, []Rule{RuleResolveGraph}, "not a function"},
		{"chain longer than the budget", handlerOf[q11](), chain11(), []Rule{RuleResolveGraph}, "chain of 11 dependent questions"},
		{"chain one longer than the default budget", handlerOf[q10](), chain11()[:10], []Rule{RuleResolveGraph}, "chain of 10 dependent questions, more than the round budget of 9"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := AddTool(newServer(), &mcp.Tool{Name: "bad"}, tc.handler, tc.resolvers...)
			if got := Rules(err); !slices.Equal(got, tc.want) {
				t.Fatalf("rules = %v, want %v; err = %v", got, tc.want, err)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), `tool "bad"`) {
				t.Errorf("error %q does not name the tool or contain %q", err, tc.msg)
			}
		})
	}
}

type receiptBox struct{ R receipt }

// handlerOf returns a handler with one resolved parameter of type T.
func handlerOf[T any]() any {
	return func(context.Context, *mcp.CallToolRequest, orderIn, T) (string, error) { return "", nil }
}

// A chain of 11 dependent questions: q1 <- q2 <- ... <- q11.
type (
	q1  struct{ V string }
	q2  struct{ V string }
	q3  struct{ V string }
	q4  struct{ V string }
	q5  struct{ V string }
	q6  struct{ V string }
	q7  struct{ V string }
	q8  struct{ V string }
	q9  struct{ V string }
	q10 struct{ V string }
	q11 struct{ V string }
)

func chain11() []any {
	return []any{
		func() (Elicit[q1], error) { return Ask[q1]("1"), nil },
		func(q1) (Elicit[q2], error) { return Ask[q2]("2"), nil },
		func(q2) (Elicit[q3], error) { return Ask[q3]("3"), nil },
		func(q3) (Elicit[q4], error) { return Ask[q4]("4"), nil },
		func(q4) (Elicit[q5], error) { return Ask[q5]("5"), nil },
		func(q5) (Elicit[q6], error) { return Ask[q6]("6"), nil },
		func(q6) (Elicit[q7], error) { return Ask[q7]("7"), nil },
		func(q7) (Elicit[q8], error) { return Ask[q8]("8"), nil },
		func(q8) (Elicit[q9], error) { return Ask[q9]("9"), nil },
		func(q9) (Elicit[q10], error) { return Ask[q10]("10"), nil },
		func(q10) (Elicit[q11], error) { return Ask[q11]("11"), nil },
	}
}

func TestRegistrationAccepts(t *testing.T) {
	cases := []struct {
		name      string
		handler   any
		resolvers []any
	}{
		// Without resolvers a tool may return any of the input-required
		// spellings and drive the flow by hand.
		{"CallToolResult without resolvers", func(context.Context, *mcp.CallToolRequest, orderIn) (*mcp.CallToolResult, error) { return nil, nil }, nil},
		{"alias without resolvers", func(context.Context, *mcp.CallToolRequest, orderIn) (resultAlias, error) { return nil, nil }, nil},
		{"defined type without resolvers", func(context.Context, *mcp.CallToolRequest, orderIn) (namedResult, error) { return namedResult{}, nil }, nil},
		{"embedding without resolvers", func(context.Context, *mcp.CallToolRequest, orderIn) (embedsResult, error) { return embedsResult{}, nil }, nil},
		{"generic without resolvers", func(context.Context, *mcp.CallToolRequest, orderIn) (*withMeta[int], error) { return nil, nil }, nil},
		{"Form", handlerOf[Form](), []any{func(context.Context) (Elicit[Form], error) { return Given(Form{}), nil }}},
		{"sampling", handlerOf[*mcp.CreateMessageWithToolsResult](), []any{func() (Elicit[*mcp.CreateMessageWithToolsResult], error) {
			return AskSampling(&mcp.CreateMessageWithToolsParams{}), nil
		}}},
		{"roots", handlerOf[*mcp.ListRootsResult](), []any{func() (Elicit[*mcp.ListRootsResult], error) { return AskRoots(), nil }}},
		{"pointer fields", handlerOf[*optional](), []any{func() (Elicit[*optional], error) { return Ask[*optional]("?"), nil }}},
		{"outcome", func(context.Context, *mcp.CallToolRequest, orderIn, Outcome[stock]) (string, error) { return "", nil }, []any{stockOf}},
		{"chain of nine", handlerOf[q9](), chain11()[:9]},
		{"method value", handlerOf[stock](), []any{provider{}.stock}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := AddTool(newServer(), &mcp.Tool{Name: "good"}, tc.handler, tc.resolvers...); err != nil {
				t.Fatal(err)
			}
		})
	}
}

type optional struct {
	Name  *string `json:"name"`
	Count int     `json:"count,omitempty"`
}

type provider struct{}

func (provider) stock(context.Context) (stock, error) { return stock{}, nil }

func TestOptionalFieldsRenderWithOneType(t *testing.T) {
	rs, err := engine.FormSchema(reflect.TypeFor[*optional]())
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(rs.Schema())
	if strings.Contains(string(data), "null") || !strings.Contains(string(data), `"name":{"type":"string"}`) {
		t.Errorf("schema = %s, want single-typed properties", data)
	}
}

func TestMustAddToolPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustAddTool accepted a bad tool")
		}
	}()
	MustAddTool(newServer(), &mcp.Tool{Name: "bad"}, 42) //mcplint:ignore resolvegraph the handler is not a function on purpose: MustAddTool must panic
}

func TestWireKeysAreStable(t *testing.T) {
	tl, err := mustNew(nil).compile(&mcp.Tool{Name: "batch"}, handlerOf[q3](), chain11()[:3])
	if err != nil {
		t.Fatal(err)
	}
	keys := tl.engine.WireKeys()
	if want := []string{"resolve.q1", "resolve.q2", "resolve.q3"}; !slices.Equal(keys, want) {
		t.Errorf("keys = %v, want %v", keys, want)
	}
}

// A provided pointer type whose element has a value InputKey method: the
// key is read without calling through nil.
func TestInputKeyOfPointerType(t *testing.T) {
	err := AddTool(newServer(), &mcp.Tool{Name: "bad"}, handlerOf[*emptyKey](), func() (Elicit[*emptyKey], error) { return Ask[*emptyKey]("?"), nil })
	if !slices.Equal(Rules(err), []Rule{RuleResolveGraph}) || !strings.Contains(err.Error(), "empty key") {
		t.Errorf("err = %v, want the empty key reported", err)
	}
}

// The default round budget is the longest chain a real go-sdk client
// finishes on a 2026-07-28 session, where each question costs one
// input-required result: a chain of DefaultRoundBudget questions completes,
// and one question more fails in the client even when a runtime with a
// larger budget lets it register (registration rejects it by default, see
// TestRegistrationRejects).
func TestDefaultRoundBudgetAgainstGoClient(t *testing.T) {
	if DefaultRoundBudget != 9 {
		t.Fatalf("DefaultRoundBudget = %d; the chains below are built for 9", DefaultRoundBudget)
	}
	user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"V": "x"}) })
	s := newServer()
	MustAddTool(s, &mcp.Tool{Name: "nine"}, handlerOf[q9](), chain11()[:9]...)
	roomy, err := New(&Options{RoundBudget: DefaultRoundBudget + 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := roomy.AddTool(s, &mcp.Tool{Name: "ten"}, handlerOf[q10](), chain11()[:10]...); err != nil {
		t.Fatal(err)
	}
	cs := userSession(t, s, user, "2026-07-28")
	if res := call(t, cs, &mcp.CallToolParams{Name: "nine", Arguments: map[string]any{"title": "Dune"}}); res.IsError {
		t.Fatalf("chain of %d: %s", DefaultRoundBudget, text(res))
	}
	if user.total() != 9 {
		t.Errorf("chain of 9 asked %d questions, want 9", user.total())
	}
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ten", Arguments: map[string]any{"title": "Dune"}})
	if err == nil || !strings.Contains(err.Error(), "exceeded maximum retries") {
		t.Errorf("chain of 10: err = %v, want the go-sdk client to give up", err)
	}
}

// poser asks under the default key of q1.
type poser struct{ V string }

func (poser) InputKey() string { return "resolve.q1" }

// A wire key that another provided type has by default collides in either
// order of the resolvers, and no key is renamed to make room.
func TestWireKeyCollisionInEitherOrder(t *testing.T) {
	askQ1 := func() (Elicit[q1], error) { return Ask[q1]("1"), nil }
	askPoser := func() (Elicit[poser], error) { return Ask[poser]("p"), nil }
	handler := func(context.Context, *mcp.CallToolRequest, orderIn, q1, poser) (string, error) { return "", nil }
	for _, order := range [][]any{{askQ1, askPoser}, {askPoser, askQ1}} {
		err := AddTool(newServer(), &mcp.Tool{Name: "bad"}, handler, order...)
		var re *RegistrationError
		if !errors.As(err, &re) || re.Kind != KindInputKey || !strings.Contains(re.Msg, `both ask under the key "resolve.q1"`) {
			t.Errorf("err = %v, want the shared key reported", err)
		}
	}
}

// A form type that embeds an unexported struct renders its promoted fields:
// a nested one among them is rejected as if it were declared in the type.
func TestFormPromotedThroughUnexportedEmbedding(t *testing.T) {
	type inner struct {
		Name string
		Addr struct{ City string }
	}
	type outer struct {
		inner
		Note string
	}
	err := AddTool(newServer(), &mcp.Tool{Name: "bad"}, handlerOf[outer](),
		//mcplint:ignore elicitbase registration must reject this form: this test checks it
		func() (Elicit[outer], error) { return Ask[outer]("?"), nil })
	if !slices.Equal(Rules(err), []Rule{RuleElicitBase}) || !strings.Contains(err.Error(), "field Addr has type") {
		t.Errorf("err = %v, want field Addr rejected", err)
	}
}

// TestMustAddPromptAndResources checks that the Must forms register what
// their Add forms accept and panic on what they reject.
func TestMustAddPromptAndResources(t *testing.T) {
	mustPanic := func(name string, register func()) {
		t.Helper()
		defer func() {
			if r := recover(); r == nil {
				t.Errorf("%s accepted a bad registration", name)
			}
		}()
		register()
	}
	s := newServer()
	mustPanic("MustAddPrompt", func() { MustAddPrompt(s, &mcp.Prompt{Name: "bad"}, 42) })                                            //mcplint:ignore resolvegraph the handler is not a function on purpose
	mustPanic("MustAddResource", func() { MustAddResource(s, &mcp.Resource{URI: "bad://x"}, 42) })                                   //mcplint:ignore resolvegraph the handler is not a function on purpose
	mustPanic("MustAddResourceTemplate", func() { MustAddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "bad://{x}"}, 42) }) //mcplint:ignore resolvegraph the handler is not a function on purpose

	prompt := func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	}
	read := func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "ok"}}}, nil
	}
	MustAddPrompt(s, &mcp.Prompt{Name: "good"}, prompt)
	MustAddResource(s, &mcp.Resource{URI: "good://x"}, read)
	MustAddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "good://{x}"}, read)
	cs := session(t, s, &mcp.ClientOptions{}, "")
	if _, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "good"}); err != nil {
		t.Errorf("prompts/get of the prompt MustAddPrompt registered: %v", err)
	}
	for _, uri := range []string{"good://x", "good://y"} {
		if _, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri}); err != nil {
			t.Errorf("resources/read %s: %v", uri, err)
		}
	}
}
