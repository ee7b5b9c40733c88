package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/internal/cputime"
)

// The benchmarks compare resolver tools on mcp-go with hand-written mcp-go
// handlers doing the same work, in one run, through mcp-go's in-process
// client on protocol 2026-07-28, which drives the rounds itself, as the
// go-sdk binding's benchmarks do over go-sdk's in-memory transports.
// scripts/bench-runtime.sh prints the ratios.

type first struct {
	Name string `json:"name"`
}

type second struct {
	Color string `json:"color"`
}

func threeRoundResolvers(b testing.TB, s *server.MCPServer) {
	askName := func(ctx context.Context) (Elicit[first], error) { return Ask[first]("Your name?"), nil }
	askColor := func(ctx context.Context, f first) (Elicit[second], error) {
		return Ask[second]("Favorite color, " + f.Name + "?"), nil
	}
	handler := func(ctx context.Context, req mcp.CallToolRequest, in struct{}, f first, c second) (string, error) {
		return f.Name + " likes " + c.Color, nil
	}
	if err := AddTool(s, mcp.NewTool("multi_round"), handler, askName, askColor); err != nil {
		b.Fatal(err)
	}
}

// threeRoundByHand is the same flow written with mcp-go's
// InputRequestBuilder and plaintext state that steers the handler.
func threeRoundByHand(s *server.MCPServer) {
	threeRoundByHandSized(s, handWrittenShape{keys: [2]string{"name", "color"}})
}

// A handWrittenShape is what the hand-written three-round tool puts on
// the wire: the keys of its two questions, and the length of the state of
// each input-required result, its plaintext padded to it (0: unpadded).
type handWrittenShape struct {
	keys  [2]string
	state [2]int
}

// resolverShape is the shape of the resolver tool's call: its wire keys,
// and its sealed tokens' lengths, read off one call.
func resolverShape(b testing.TB) handWrittenShape {
	_, rounds := handlerRounds(b, func(s *server.MCPServer) { threeRoundResolvers(b, s) })
	return handWrittenShape{
		keys:  [2]string{reflect.TypeFor[first]().String(), reflect.TypeFor[second]().String()},
		state: [2]int{len(rounds[1].req.Params.RequestState), len(rounds[2].req.Params.RequestState)},
	}
}

// threeRoundByHandSized is threeRoundByHand with the keys and state
// lengths of shape: with the resolver tool's, the two calls carry the same
// bytes, and the difference between them is the engine's work alone.
func threeRoundByHandSized(s *server.MCPServer, shape handWrittenShape) {
	schema := func(prop string) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{prop: map[string]any{"type": "string"}}, "required": []string{prop}}
	}
	padded := func(state string, n int) string { return state + strings.Repeat(".", max(n-len(state), 0)) }
	state1 := padded("round=1", shape.state[0])
	s.AddTool(mcp.NewTool("multi_round"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		state := req.Params.RequestState
		switch {
		case state == "":
			return server.NewInputRequestBuilder(state1).
				Elicit(shape.keys[0], mcp.ElicitationParams{Mode: mcp.ElicitationModeForm, Message: "Your name?", RequestedSchema: schema("name")}).ToolResult(), nil
		case state == state1:
			r := server.ElicitationResponse(req.Params.InputResponses, shape.keys[0])
			if r == nil {
				return nil, fmt.Errorf("missing name")
			}
			name, _ := r.Content.(map[string]any)["name"].(string)
			return server.NewInputRequestBuilder(padded("round=2;name="+name+";", shape.state[1])).
				Elicit(shape.keys[1], mcp.ElicitationParams{Mode: mcp.ElicitationModeForm, Message: "Favorite color, " + name + "?", RequestedSchema: schema("color")}).ToolResult(), nil
		default:
			name, _, _ := strings.Cut(strings.TrimPrefix(state, "round=2;name="), ";")
			r := server.ElicitationResponse(req.Params.InputResponses, shape.keys[1])
			if r == nil {
				return nil, fmt.Errorf("missing color")
			}
			color, _ := r.Content.(map[string]any)["color"].(string)
			return mcp.NewToolResultStructuredOnly(name + " likes " + color), nil
		}
	})
}

// benchUser is the user of the benchmarks' clients: "ada" to the first
// question, "green" to the second.
func benchUser() client.ClientOption {
	return client.WithElicitationHandler(elicitFunc(func(_ context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
		content := map[string]any{"color": "green"}
		if strings.HasPrefix(req.Params.Message, "Your name") {
			content = map[string]any{"name": "ada"}
		}
		return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept, Content: content}}, nil
	}))
}

func benchClient(b testing.TB, s *server.MCPServer) *client.Client {
	c, err := client.NewInProcessClientWithOptions(s, benchUser())
	if err != nil {
		b.Fatal(err)
	}
	return startBenchClient(b, c)
}

// benchHTTPClient serves s with mcp-go's streamable HTTP server on a
// loopback port and connects mcp-go's streamable HTTP client to it: the
// transport real servers use, where every message is an HTTP request and
// its JSON is written and read by both ends.
func benchHTTPClient(b testing.TB, s *server.MCPServer) *client.Client {
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s))
	b.Cleanup(ts.Close)
	tr, err := transport.NewStreamableHTTP(ts.URL + "/mcp")
	if err != nil {
		b.Fatal(err)
	}
	return startBenchClient(b, client.NewClient(tr, benchUser()))
}

func startBenchClient(b testing.TB, c *client.Client) *client.Client {
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		b.Fatal(err)
	}
	if v := c.ProtocolVersion(); !mcp.IsModernProtocol(v) {
		b.Fatalf("client on protocol %s, want 2026-07-28", v)
	}
	b.Cleanup(func() { c.Close() })
	return c
}

func benchCall(b *testing.B, c *client.Client, name string, args map[string]any, want string) {
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: args}})
		if err != nil {
			b.Fatal(err)
		}
		got, _ := json.Marshal(res.StructuredContent)
		if string(got) != want {
			b.Fatalf("result %s, want %s", got, want)
		}
	}
	// Client and server both run in this process: its CPU time per call is
	// the call's cost, and much less disturbed than wall time by other
	// work on a loaded machine.
	cpu.Report(b)
}

func BenchmarkMCPGoThreeRounds(b *testing.B) { benchThreeRounds(b, benchClient) }

// BenchmarkMCPGoThreeRoundsHTTP is BenchmarkMCPGoThreeRounds over mcp-go's
// streamable HTTP server and client on loopback: beside the in-process
// figure (the one of record), it shows how much of that ratio is the
// in-process transport's cost per byte of state.
func BenchmarkMCPGoThreeRoundsHTTP(b *testing.B) { benchThreeRounds(b, benchHTTPClient) }

// BenchmarkMCPGoThreeRoundsPaired makes the three-round call of the
// resolver tool, of the hand-written tool and of the hand-written tool
// carrying the same bytes side by side, in process (see benchPaired).
func BenchmarkMCPGoThreeRoundsPaired(b *testing.B) {
	benchPaired(b, "multi_round", map[string]any{}, `"ada likes green"`, map[string]func(*server.MCPServer){
		"resolvers":   func(s *server.MCPServer) { threeRoundResolvers(b, s) },
		"handwritten": threeRoundByHand,
		"same-bytes":  func(s *server.MCPServer) { threeRoundByHandSized(s, resolverShape(b)) },
	})
}

// BenchmarkMCPGoTwoComputedPaired is BenchmarkMCPGoTwoComputed side by
// side, in process (see benchPaired).
func BenchmarkMCPGoTwoComputedPaired(b *testing.B) {
	benchPaired(b, "two", map[string]any{"title": "Dune"}, `"4 copies at 400"`, map[string]func(*server.MCPServer){
		"resolvers":   twoComputedResolvers,
		"handwritten": twoComputedByHand,
	})
}

// benchPaired makes the call of tool name on a server of each of tools,
// through mcp-go's in-process client, side by side (cputime.SideBySide),
// and reports the ratio of the CPU time of the "resolvers" calls to that of
// each other's, as the metric resolvers/NAME.
func benchPaired(b *testing.B, name string, args map[string]any, want string, tools map[string]func(*server.MCPServer)) {
	names := slices.Sorted(maps.Keys(tools))
	calls := make([]func(), len(names))
	for i, n := range names {
		s := server.NewMCPServer("bench", "v0")
		tools[n](s)
		c := benchClient(b, s)
		calls[i] = func() {
			res, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: args}})
			if err != nil {
				b.Fatal(err)
			}
			if got, _ := json.Marshal(res.StructuredContent); string(got) != want {
				b.Fatalf("%s: result %s, want %s", n, got, want)
			}
		}
	}
	cpu := cputime.SideBySide(b, calls...)
	base := slices.Index(names, "resolvers")
	for i, n := range names {
		if i != base && cpu[i] > 0 {
			b.ReportMetric(float64(cpu[base])/float64(cpu[i]), "resolvers/"+n)
		}
	}
}

func benchThreeRounds(b *testing.B, connect func(testing.TB, *server.MCPServer) *client.Client) {
	b.Run("impl=resolvers", func(b *testing.B) {
		s := server.NewMCPServer("bench", "v0")
		threeRoundResolvers(b, s)
		benchCall(b, connect(b, s), "multi_round", map[string]any{}, `"ada likes green"`)
	})
	b.Run("impl=handwritten", func(b *testing.B) {
		s := server.NewMCPServer("bench", "v0")
		threeRoundByHand(s)
		benchCall(b, connect(b, s), "multi_round", map[string]any{}, `"ada likes green"`)
	})
	// The hand-written tool with the resolver tool's keys and its state
	// padded to the tokens' lengths: the same bytes on the wire.
	b.Run("impl=handwritten-same-bytes", func(b *testing.B) {
		s := server.NewMCPServer("bench", "v0")
		threeRoundByHandSized(s, resolverShape(b))
		benchCall(b, connect(b, s), "multi_round", map[string]any{}, `"ada likes green"`)
	})
}

type (
	inStock struct{ Copies int }
	quoted  struct{ Cents int }
	quoteIn struct {
		Title string `json:"title"`
	}
)

func countCopies(ctx context.Context, in quoteIn) (inStock, error) {
	return inStock{len(in.Title)}, nil
}
func quote(ctx context.Context, s inStock) (quoted, error) { return quoted{100 * s.Copies}, nil }
func quoteText(s inStock, p quoted) string                 { return fmt.Sprintf("%d copies at %d", s.Copies, p.Cents) }

// BenchmarkMCPGoTwoComputed is one round with two computed values; the
// hand-written handler is mcp.NewStructuredToolHandler making the same two
// calls.
func BenchmarkMCPGoTwoComputed(b *testing.B) { benchTwoComputed(b, benchClient) }

// BenchmarkMCPGoTwoComputedHTTP is BenchmarkMCPGoTwoComputed over
// streamable HTTP, as BenchmarkMCPGoThreeRoundsHTTP.
func BenchmarkMCPGoTwoComputedHTTP(b *testing.B) { benchTwoComputed(b, benchHTTPClient) }

func benchTwoComputed(b *testing.B, connect func(testing.TB, *server.MCPServer) *client.Client) {
	const want = `"4 copies at 400"`
	args := map[string]any{"title": "Dune"}
	b.Run("impl=resolvers", func(b *testing.B) {
		s := server.NewMCPServer("bench", "v0")
		twoComputedResolvers(s)
		benchCall(b, connect(b, s), "two", args, want)
	})
	b.Run("impl=handwritten", func(b *testing.B) {
		s := server.NewMCPServer("bench", "v0")
		twoComputedByHand(s)
		benchCall(b, connect(b, s), "two", args, want)
	})
}

// twoComputedResolvers registers the tool "two": two plain resolvers, one
// of which reads the input.
func twoComputedResolvers(s *server.MCPServer) {
	MustAddTool(s, mcp.NewTool("two"), func(ctx context.Context, req mcp.CallToolRequest, in quoteIn, st inStock, p quoted) (string, error) {
		return quoteText(st, p), nil
	}, countCopies, quote)
}

// twoComputedByHand is the same tool, mcp.NewStructuredToolHandler making
// the same two calls.
func twoComputedByHand(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("two", mcp.WithString("title")), mcp.NewStructuredToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in quoteIn) (string, error) {
		st, _ := countCopies(ctx, in)
		p, _ := quote(ctx, st)
		return quoteText(st, p), nil
	}))
}

// handlerRounds makes one three-round call of the tool that register adds,
// through mcp-go's in-process client, and returns the tool's handler and
// the requests of the call's rounds as the handler received them.
func handlerRounds(tb testing.TB, register func(*server.MCPServer)) (server.ToolHandlerFunc, []roundRequest) {
	return callOnce(tb, register, "multi_round", map[string]any{}, 3)
}

// callOnce makes one call of the tool name that register adds, through
// mcp-go's in-process client, and returns the tool's handler and the
// requests of the call's rounds, of which there must be n, as the handler
// received them.
func callOnce(tb testing.TB, register func(*server.MCPServer), name string, args map[string]any, n int) (server.ToolHandlerFunc, []roundRequest) {
	var handler server.ToolHandlerFunc
	var rounds []roundRequest
	s := server.NewMCPServer("bench", "v0", server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			handler = next
			rounds = append(rounds, roundRequest{ctx, req})
			return next(ctx, req)
		}
	}))
	register(s)
	c := benchClient(tb, s)
	if _, err := c.CallTool(context.Background(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: args}}); err != nil {
		tb.Fatal(err)
	}
	if len(rounds) != n {
		tb.Fatalf("the call took %d rounds, want %d", len(rounds), n)
	}
	return handler, rounds
}

type roundRequest struct {
	ctx context.Context
	req mcp.CallToolRequest
}

// callRounds replays a call's rounds on the handler, each round with the
// state the one before returned, and reports the first failure.
func callRounds(handler server.ToolHandlerFunc, rounds []roundRequest) error {
	return replayRounds(handler, rounds, nil)
}

// replayRounds is callRounds, handing each round's request and result to
// each, if not nil.
func replayRounds(handler server.ToolHandlerFunc, rounds []roundRequest, each func(mcp.CallToolParams, *mcp.CallToolResult)) error {
	state := ""
	for i, r := range rounds {
		req := r.req
		if i > 0 {
			req.Params.RequestState = state
		}
		res, err := handler(r.ctx, req)
		if err != nil {
			return err
		}
		if res.IsError {
			return fmt.Errorf("round %d: tool error %v", i+1, res.Content)
		}
		if each != nil {
			each(req.Params, res)
		}
		state = res.RequestState
	}
	return nil
}

// BenchmarkMCPGoThreeRoundsHandler is BenchmarkMCPGoThreeRounds without
// the client and the transport: the tool's handler alone, on the requests
// of the call's three rounds. It is the part of the call that is the
// binding's and the engine's work (or the hand-written handler's).
func BenchmarkMCPGoThreeRoundsHandler(b *testing.B) {
	for _, impl := range []struct {
		name     string
		register func(*server.MCPServer)
	}{
		{"resolvers", func(s *server.MCPServer) { threeRoundResolvers(b, s) }},
		{"handwritten", threeRoundByHand},
	} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			handler, rounds := handlerRounds(b, impl.register)
			b.ReportAllocs()
			for b.Loop() {
				if err := callRounds(handler, rounds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMCPGoTwoComputedHandler is BenchmarkMCPGoTwoComputed without
// the client and the transport: the tool's handler alone, on the request
// of the call's one round, as BenchmarkMCPGoThreeRoundsHandler.
func BenchmarkMCPGoTwoComputedHandler(b *testing.B) {
	for _, impl := range []struct {
		name     string
		register func(*server.MCPServer)
	}{
		{"resolvers", twoComputedResolvers},
		{"handwritten", twoComputedByHand},
	} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			handler, rounds := callOnce(b, impl.register, "two", map[string]any{"title": "Dune"}, 1)
			b.ReportAllocs()
			for b.Loop() {
				if err := callRounds(handler, rounds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
