package resolve

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestFlatInputUsedAsDecoded: arguments that mcp-go decoded and the flat
// schema's fast validator accepts are used as they are, not decoded from
// the request's JSON a second time; arguments that need defaults are
// decoded again, so that the request's own map stays as the client sent it.
func TestFlatInputUsedAsDecoded(t *testing.T) {
	rt, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	type flat struct {
		Title string `json:"title"`
	}
	tl, err := rt.compile(mcp.NewTool("flat"), func(ctx context.Context, req mcp.CallToolRequest, in flat) (string, error) { return in.Title, nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	params := func(raw string) mcp.CallToolParams {
		var p mcp.CallToolParams
		if err := json.Unmarshal([]byte(`{"name":"flat","arguments":`+raw+`}`), &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := params(`{"title":"Dune"}`)
	v, err := tl.validInput(p)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.ValueOf(v).UnsafePointer() != reflect.ValueOf(p.Arguments).UnsafePointer() {
		t.Error("flat arguments were decoded again, not used as mcp-go decoded them")
	}

	withDefault := mcp.NewTool("defaults", mcp.WithString("title", mcp.DefaultString("Dune")))
	tl, err = rt.compile(withDefault, func(ctx context.Context, req mcp.CallToolRequest, in flat) (string, error) { return in.Title, nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	p = params(`{}`)
	if v, err = tl.validInput(p); err != nil {
		t.Fatal(err)
	}
	if got := v.(map[string]any)["title"]; got != "Dune" {
		t.Errorf("default not applied: title %v", got)
	}
	if len(p.Arguments.(map[string]any)) != 0 {
		t.Errorf("applying defaults changed the request's arguments: %v", p.Arguments)
	}
}

// TestThreeRoundHandlerAllocations bounds the allocations of the
// three-round call's handler work (BenchmarkMCPGoThreeRoundsHandler): the
// bound is the count measured after the engine stopped building input
// requests for questions already answered, sorting keys on the heap,
// copying each key of the state it decodes and allocating each function's
// arguments and a round's results apart from the round, and a closure per
// request for reading the client's capabilities (229 before, 168 after),
// after s3 tokens stopped scheduling an AES key and a GCM per token
// (164), after answers to flat forms were kept in the form's layout
// instead of as JSON (153), after a state's tables became sorted slices
// instead of maps (144), and after a round and its exchange became one
// allocation and a plain output its own structured content (140).
func TestThreeRoundHandlerAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts under the race detector are not the build's")
	}
	handler, rounds := handlerRounds(t, func(s *server.MCPServer) { threeRoundResolvers(t, s) })
	const bound = 140
	n := testing.AllocsPerRun(50, func() {
		if err := callRounds(handler, rounds); err != nil {
			t.Fatal(err)
		}
	})
	if n > bound {
		t.Errorf("a three-round call's handler work allocates %v times, want at most %d", n, bound)
	}
}

// TestOneRoundHandlerAllocations bounds what the handler of a one-round
// call of a tool with two computed values (BenchmarkMCPGoTwoComputed)
// allocates beyond mcp.NewStructuredToolHandler making the same two calls:
// the measured 6 (reflect's calls, the decoded input, the request as an
// argument and the engine's round, less what binding the arguments from
// their JSON costs the hand-written one), after the round kept its results
// and arguments in itself and reading the client's capabilities stopped
// costing a closure (12 before), the round and its exchange became one
// allocation (8 before) and a plain output its own structured content, not
// its JSON (7 before). The text of the output is a copy of its JSON, as the
// hand-written one's is: sharing the bytes would take package unsafe for
// one small allocation.
func TestOneRoundHandlerAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts under the race detector are not the build's")
	}
	count := func(register func(*server.MCPServer)) float64 {
		handler, rounds := callOnce(t, register, "two", map[string]any{"title": "Dune"}, 1)
		return testing.AllocsPerRun(100, func() {
			if err := callRounds(handler, rounds); err != nil {
				t.Fatal(err)
			}
		})
	}
	resolvers, byHand := count(twoComputedResolvers), count(twoComputedByHand)
	const bound = 6
	if extra := resolvers - byHand; extra > bound {
		t.Errorf("the resolver tool's handler allocates %v times in a one-round call, %v more than the hand-written one, want at most %d more", resolvers, extra, bound)
	}
}

// TestSameBytesShape: the hand-written tool of the benchmarks'
// impl=handwritten-same-bytes puts as many bytes on the wire as the
// resolver tool in every message of the call, so that the difference
// between the two is the engine's work, not the transport's cost per byte.
func TestSameBytesShape(t *testing.T) {
	shape := resolverShape(t)
	sizes := func(register func(*server.MCPServer)) []int {
		handler, rounds := handlerRounds(t, register)
		var n []int
		err := replayRounds(handler, rounds, func(params mcp.CallToolParams, res *mcp.CallToolResult) {
			for _, v := range []any{params, res} {
				data, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				n = append(n, len(data))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	resolvers := sizes(func(s *server.MCPServer) { threeRoundResolvers(t, s) })
	if byHand := sizes(func(s *server.MCPServer) { threeRoundByHandSized(s, shape) }); !slices.Equal(resolvers, byHand) {
		t.Errorf("bytes of each request and result: resolvers %v, hand-written same-bytes %v", resolvers, byHand)
	}
	if plain := sizes(threeRoundByHand); slices.Equal(resolvers, plain) {
		t.Errorf("the plain hand-written tool carries as many bytes as the resolver tool: %v", plain)
	}
}
