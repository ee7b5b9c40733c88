package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/cputime"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The benchmarks compare a resolver tool with a hand-written go-sdk handler
// doing the same work, in one run, over in-memory transports with the go-sdk
// client doing its automatic retries. scripts/bench-runtime.sh prints the
// ratios.

type first struct {
	Name string `json:"name"`
}

type second struct {
	Color string `json:"color"`
}

// threeRoundResolvers asks two dependent questions: three rounds.
func threeRoundResolvers(b testing.TB, rt *Runtime, s *mcp.Server) {
	askName := func(ctx context.Context) (Elicit[first], error) { return Ask[first]("Your name?"), nil }
	askColor := func(ctx context.Context, f first) (Elicit[second], error) {
		return Ask[second]("Favorite color, " + f.Name + "?"), nil
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, f first, c second) (string, error) {
		return f.Name + " likes " + c.Color, nil
	}
	if err := rt.AddTool(s, &mcp.Tool{Name: "multi_round"}, handler, askName, askColor); err != nil {
		b.Fatal(err)
	}
}

// threeRoundByHand is the same flow written the way go-sdk's conformance
// everything-server writes its multi-round tool: plaintext state that
// steers the handler.
func threeRoundByHand(s *mcp.Server) {
	schema := func(prop string) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{prop: map[string]any{"type": "string"}}, "required": []string{prop}}
	}
	mcp.AddTool(s, &mcp.Tool{Name: "multi_round"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		state := req.Params.RequestState
		switch {
		case state == "":
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: schema("name")}}, RequestState: "round=1"}, nil, nil
		case state == "round=1":
			r, _ := req.Params.InputResponses["name"].(*mcp.ElicitResult)
			if r == nil {
				return nil, nil, fmt.Errorf("missing name")
			}
			name, _ := r.Content["name"].(string)
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"color": &mcp.ElicitParams{Message: "Favorite color, " + name + "?", RequestedSchema: schema("color")}},
				RequestState: "round=2;name=" + name}, nil, nil
		default:
			name := strings.TrimPrefix(state, "round=2;name=")
			r, _ := req.Params.InputResponses["color"].(*mcp.ElicitResult)
			if r == nil {
				return nil, nil, fmt.Errorf("missing color")
			}
			color, _ := r.Content["color"].(string)
			return nil, name + " likes " + color, nil
		}
	})
}

func benchSession(b *testing.B, s *mcp.Server) *mcp.ClientSession {
	user := func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		if strings.HasPrefix(req.Params.Message, "Your name") {
			return accept(map[string]any{"name": "ada"}), nil
		}
		return accept(map[string]any{"color": "green"}), nil
	}
	return session(b, s, &mcp.ClientOptions{ElicitationHandler: user}, "")
}

func benchCall(b *testing.B, cs *mcp.ClientSession, name, want string) {
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err != nil {
			b.Fatal(err)
		}
		if got := text(res); got != want {
			b.Fatalf("result %q, want %q", got, want)
		}
	}
	// Client, transports and server all run in this process: its CPU time
	// per call is the call's cost, and much less disturbed than wall time
	// by other work on a loaded machine.
	cpu.Report(b)
}

func BenchmarkThreeRounds(b *testing.B) {
	b.Run("impl=resolvers", func(b *testing.B) {
		s := newServer()
		rt := mustNew(nil)
		threeRoundResolvers(b, rt, s)
		benchCall(b, benchSession(b, s), "multi_round", `"ada likes green"`)
	})
	b.Run("impl=handwritten", func(b *testing.B) {
		s := newServer()
		threeRoundByHand(s)
		benchCall(b, benchSession(b, s), "multi_round", `"ada likes green"`)
	})
}

// BenchmarkThreeRoundsPaired makes the three-round call of the resolver
// tool and of the hand-written tool side by side (see benchPaired).
func BenchmarkThreeRoundsPaired(b *testing.B) {
	resolvers, byHand := newServer(), newServer()
	threeRoundResolvers(b, mustNew(nil), resolvers)
	threeRoundByHand(byHand)
	benchPaired(b, "multi_round", map[string]any{}, `"ada likes green"`, benchSession(b, resolvers), benchSession(b, byHand))
}

// benchPaired makes the call of tool name on the resolver tool's session
// and on the hand-written tool's side by side (cputime.SideBySide) and
// reports the ratio of their CPU times, as the metric
// resolvers/handwritten.
func benchPaired(b *testing.B, name string, args map[string]any, want string, resolvers, byHand *mcp.ClientSession) {
	call := func(cs *mcp.ClientSession) func() {
		return func() {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
			if err != nil {
				b.Fatal(err)
			}
			if got := text(res); got != want {
				b.Fatalf("result %q, want %q", got, want)
			}
		}
	}
	if cpu := cputime.SideBySide(b, call(resolvers), call(byHand)); cpu[1] > 0 {
		b.ReportMetric(float64(cpu[0])/float64(cpu[1]), "resolvers/handwritten")
	}
}

// BenchmarkThreeRoundsSingleUse is the three-round call with single use on
// (the default: its id spent in the runtime's memory store before the
// handler runs, and checked on the last two rounds) and off, against the
// hand-written handler. The Redis store's figure is in its module
// (runtime/singleuse/redisstore).
func BenchmarkThreeRoundsSingleUse(b *testing.B) {
	for _, v := range []struct {
		name string
		opts *Options
	}{{"store=memory", nil}, {"store=off", &Options{Replayable: true}}} {
		b.Run(v.name, func(b *testing.B) {
			s := newServer()
			threeRoundResolvers(b, mustNew(v.opts), s)
			benchCall(b, benchSession(b, s), "multi_round", `"ada likes green"`)
		})
	}
	b.Run("impl=handwritten", func(b *testing.B) {
		s := newServer()
		threeRoundByHand(s)
		benchCall(b, benchSession(b, s), "multi_round", `"ada likes green"`)
	})
}

// fivePlain has five plain resolvers; the hand-written handler makes the
// same five calls.
type (
	v1 struct{ N int }
	v2 struct{ N int }
	v3 struct{ N int }
	v4 struct{ N int }
	v5 struct{ N int }
)

func r1(ctx context.Context) (v1, error)            { return v1{1}, nil }
func r2(ctx context.Context, a v1) (v2, error)      { return v2{a.N + 1}, nil }
func r3(ctx context.Context, a v2) (v3, error)      { return v3{a.N + 1}, nil }
func r4(ctx context.Context) (v4, error)            { return v4{4}, nil }
func r5(ctx context.Context, a v4) (v5, error)      { return v5{a.N + 1}, nil }
func sum(a v1, b v2, c v3, d v4, e v5) int          { return a.N + b.N + c.N + d.N + e.N }
func sumString(a v1, b v2, c v3, d v4, e v5) string { return fmt.Sprint(sum(a, b, c, d, e)) }

func BenchmarkFivePlainResolvers(b *testing.B) {
	b.Run("impl=resolvers", func(b *testing.B) {
		s := newServer()
		handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, a v1, b2 v2, c v3, d v4, e v5) (string, error) {
			return sumString(a, b2, c, d, e), nil
		}
		MustAddTool(s, &mcp.Tool{Name: "five"}, handler, r1, r2, r3, r4, r5)
		benchCall(b, benchSession(b, s), "five", `"15"`)
	})
	b.Run("impl=handwritten", func(b *testing.B) {
		s := newServer()
		mcp.AddTool(s, &mcp.Tool{Name: "five"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, string, error) {
			a, _ := r1(ctx)
			b2, _ := r2(ctx, a)
			c, _ := r3(ctx, b2)
			d, _ := r4(ctx)
			e, _ := r5(ctx, d)
			return nil, sumString(a, b2, c, d, e), nil
		})
		benchCall(b, benchSession(b, s), "five", `"15"`)
	})
}

// manyResolvers registers a tool with n plain resolvers, built with reflect:
// resolver i provides a distinct struct type and uses resolver i-1's.
func manyResolvers(b testing.TB, s *mcp.Server, n int) {
	ctxType := reflect.TypeFor[context.Context]()
	types := make([]reflect.Type, n)
	for i := range types {
		types[i] = reflect.StructOf([]reflect.StructField{{Name: fmt.Sprintf("V%d", i), Type: reflect.TypeFor[int]()}})
	}
	resolvers := make([]any, n)
	for i := range resolvers {
		in := []reflect.Type{ctxType}
		if i > 0 {
			in = append(in, types[i-1])
		}
		ft := reflect.FuncOf(in, []reflect.Type{types[i], reflect.TypeFor[error]()}, false)
		resolvers[i] = reflect.MakeFunc(ft, func(args []reflect.Value) []reflect.Value {
			v := reflect.New(types[i]).Elem()
			if i > 0 {
				v.Field(0).SetInt(args[1].Field(0).Int() + 1)
			}
			return []reflect.Value{v, reflect.Zero(reflect.TypeFor[error]())}
		}).Interface()
	}
	ht := reflect.FuncOf([]reflect.Type{ctxType, requestType, reflect.TypeFor[struct{}](), types[n-1]}, []reflect.Type{reflect.TypeFor[int](), reflect.TypeFor[error]()}, false)
	handler := reflect.MakeFunc(ht, func(args []reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(int(args[3].Field(0).Int())), reflect.Zero(reflect.TypeFor[error]())}
	}).Interface()
	if err := AddTool(s, &mcp.Tool{Name: "many"}, handler, resolvers...); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkResolverCount(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("resolvers=%d", n), func(b *testing.B) {
			s := newServer()
			manyResolvers(b, s, n)
			benchCall(b, benchSession(b, s), "many", fmt.Sprint(n-1))
		})
	}
}

// BenchmarkStateSize reports the size of requestState carrying 1, 10 and
// 50 answers (metric state-bytes), and what opening it costs each round.
func BenchmarkStateSize(b *testing.B) {
	rt := mustNew(nil)
	for _, n := range []int{1, 10, 50} {
		b.Run(fmt.Sprintf("answers=%d", n), func(b *testing.B) {
			binding := Binding{Method: "tools/call", Target: "bench", Arguments: []byte(`{}`)}
			token := stateWithAnswers(b, rt, binding, n)
			b.ReportAllocs()
			tl, err := rt.compile(&mcp.Tool{Name: "bench"}, func(context.Context, *mcp.CallToolRequest, struct{}) (int, error) { return 0, nil }, nil)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				st, err := tl.engine.OpenState(binding, token)
				if err != nil || len(st.Answers) != n {
					b.Fatalf("openState: %v", err)
				}
			}
			b.ReportMetric(float64(len(token)), "state-bytes")
		})
	}
}

// stateWithAnswers seals a state holding n answers, each as the engine
// stores them: the client's answer as received, pinned to its question.
func stateWithAnswers(b testing.TB, rt *Runtime, binding Binding, n int) string {
	st := &engine.State{Version: engine.StateVersion}
	for i := range n {
		raw, err := json.Marshal(accept(map[string]any{"answer": "Ada Lovelace"}))
		if err != nil {
			b.Fatal(err)
		}
		key := fmt.Sprintf("bench.Question%02d", i)
		st.Answers.Set(key, engine.StoredAnswer{Digest: formDigest(b, key, fmt.Sprintf("Question %d: who wrote it?", i)), Response: raw})
	}
	payload := engine.EncodeState(st)
	token, err := rt.cfg.Codec().Seal(binding, payload)
	if err != nil {
		b.Fatal(err)
	}
	return token
}

// twoComputed is one round with two computed values: two plain resolvers,
// one of them using the input; the hand-written handler makes the same two
// calls.
type (
	inStock struct{ Copies int }
	quoted  struct{ Cents int }
)

type quoteIn struct {
	Title string `json:"title"`
}

func countCopies(ctx context.Context, in quoteIn) (inStock, error) {
	return inStock{len(in.Title)}, nil
}
func quote(ctx context.Context, s inStock) (quoted, error) { return quoted{100 * s.Copies}, nil }
func quoteText(s inStock, p quoted) string                 { return fmt.Sprintf("%d copies at %d", s.Copies, p.Cents) }

func BenchmarkTwoComputed(b *testing.B) {
	const want = `"4 copies at 400"`
	b.Run("impl=resolvers", func(b *testing.B) {
		s := newServer()
		twoComputedResolvers(s)
		benchCallArgs(b, benchSession(b, s), "two", map[string]any{"title": "Dune"}, want)
	})
	b.Run("impl=handwritten", func(b *testing.B) {
		s := newServer()
		twoComputedByHand(s)
		benchCallArgs(b, benchSession(b, s), "two", map[string]any{"title": "Dune"}, want)
	})
}

// BenchmarkTwoComputedPaired is BenchmarkTwoComputed side by side (see
// benchPaired).
func BenchmarkTwoComputedPaired(b *testing.B) {
	resolvers, byHand := newServer(), newServer()
	twoComputedResolvers(resolvers)
	twoComputedByHand(byHand)
	benchPaired(b, "two", map[string]any{"title": "Dune"}, `"4 copies at 400"`, benchSession(b, resolvers), benchSession(b, byHand))
}

// twoComputedResolvers registers the tool "two": two plain resolvers, one
// of which reads the input.
func twoComputedResolvers(s *mcp.Server) {
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in quoteIn, st inStock, p quoted) (string, error) {
		return quoteText(st, p), nil
	}
	MustAddTool(s, &mcp.Tool{Name: "two"}, handler, countCopies, quote)
}

// twoComputedByHand is the same tool, a go-sdk typed handler making the
// same two calls.
func twoComputedByHand(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "two"}, func(ctx context.Context, req *mcp.CallToolRequest, in quoteIn) (*mcp.CallToolResult, string, error) {
		st, _ := countCopies(ctx, in)
		p, _ := quote(ctx, st)
		return nil, quoteText(st, p), nil
	})
}

func benchCallArgs(b *testing.B, cs *mcp.ClientSession, name string, args map[string]any, want string) {
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			b.Fatal(err)
		}
		if got := text(res); got != want {
			b.Fatalf("result %q, want %q", got, want)
		}
	}
	cpu.Report(b)
}
