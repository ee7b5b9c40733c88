package resolve

import (
	"context"
	"encoding/json"
	"reflect"
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
// arguments and a round's results apart from the round (229 before, 171
// after).
func TestThreeRoundHandlerAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts under the race detector are not the build's")
	}
	handler, rounds := handlerRounds(t, func(s *server.MCPServer) { threeRoundResolvers(t, s) })
	const bound = 173
	n := testing.AllocsPerRun(50, func() {
		if err := callRounds(handler, rounds); err != nil {
			t.Fatal(err)
		}
	})
	if n > bound {
		t.Errorf("a three-round call's handler work allocates %v times, want at most %d", n, bound)
	}
}
