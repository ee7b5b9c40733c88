package mcptest_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type OrderIn struct {
	Title string `json:"title"`
}

type Stock struct{ Copies int }

type Backorder struct {
	Confirm bool `json:"confirm" jsonschema:"order although the book is out of stock"`
}

type Wrap struct {
	Paper string `json:"paper" jsonschema:"the wrapping paper"`
}

type Receipt struct {
	Title string `json:"title"`
	Paper string `json:"paper"`
}

// resolverServer is a bookstore whose order_book asks two questions, the
// second only after the first (a chain of two rounds), and takes its
// effect once confirmed.
func resolverServer(orders *atomic.Int64) *mcp.Server {
	server := newServer()
	resolve.MustAddTool(server, &mcp.Tool{Name: "order_book"}, orderHandler(orders), checkStockR, confirmR, wrapR)
	resolve.MustAddTool(server, &mcp.Tool{Name: "stock"}, func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock) (Stock, error) {
		return s, nil
	}, checkStockR)
	return server
}

func checkStockR(ctx context.Context, in OrderIn) (Stock, error) { return Stock{}, nil }

func confirmR(ctx context.Context, in OrderIn, s Stock) (resolve.Elicit[Backorder], error) {
	if s.Copies > 0 {
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
}

func wrapR(ctx context.Context, in OrderIn, b Backorder) (resolve.Elicit[Wrap], error) {
	return resolve.Ask[Wrap]("Which paper?"), nil
}

func orderHandler(orders *atomic.Int64) func(context.Context, *mcp.CallToolRequest, OrderIn, Backorder, Wrap) (Receipt, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, b Backorder, w Wrap) (Receipt, error) {
		if !b.Confirm {
			return Receipt{}, fmt.Errorf("order of %q not confirmed", in.Title)
		}
		orders.Add(1)
		return Receipt{Title: in.Title, Paper: w.Paper}, nil
	}
}

// TestResolverTools: the runtime's tools pass every scenario, with an
// effect probe and without.
func TestResolverTools(t *testing.T) {
	for _, probe := range []bool{true, false} {
		var orders atomic.Int64
		opts := mcptest.Tool{Args: map[string]any{"title": "Dune"}}
		if probe {
			opts.Effect = func() int { return int(orders.Load()) }
		}
		r := mcptest.Check(t, resolverServer(&orders), mcptest.Options{Tool: map[string]mcptest.Tool{"order_book": opts}})
		for _, s := range []string{"failopen", "standin", "statereach", "askcaps", "syncask", "askstable"} {
			if r.Runs[s] == 0 {
				t.Errorf("probe %v: scenario %s never ran", probe, s)
			}
		}
		if probe && r.Runs["singleuse"] == 0 {
			t.Error("single use never ran with a probe")
		}
	}
}

// TestBadTools: a tool that panics, hangs or returns a malformed result is
// reported, and the check goes on to the next tool.
func TestBadTools(t *testing.T) {
	server := newServer()
	mcp.AddTool(server, &mcp.Tool{Name: "panics"}, func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		var m map[string]int
		m[in.Table]++ // a nil map: panics
		return nil, nil, nil
	})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	mcp.AddTool(server, &mcp.Tool{Name: "hangs"}, func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		<-release // ignores its context
		return nil, nil, nil
	})
	mcp.AddTool(server, &mcp.Tool{Name: "malformed"}, func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{
			Content:       []mcp.Content{&mcp.TextContent{Text: "done"}},
			InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "sure?"}},
		}, nil, nil
	})
	mcp.AddTool(server, &mcp.Tool{Name: "sheds"}, func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}, nil, nil
	})
	// A handler that returns neither a result nor an error: go-sdk v1.8.0
	// dereferences the nil result on a 2026-07-28 session, in a goroutine
	// of its own, which would crash the test binary.
	server.AddTool(&mcp.Tool{Name: "nothing", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	})
	mcp.AddTool(server, &mcp.Tool{Name: "fine"}, dropClosed(&store{}))
	start := time.Now()
	r, err := mcptest.Run(server, mcptest.Options{Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the check took %v", d)
	}
	got := map[string]string{}
	for _, f := range r.Findings {
		t.Log(f)
		if f.Rule == "" {
			got[f.Tool] = f.Detail
		}
	}
	for tool, want := range map[string]string{
		"panics":    "the handler panicked: assignment to entry in nil map",
		"hangs":     "no result within the per-call timeout",
		"malformed": "both content and inputRequests",
		"sheds":     "input required with neither input requests nor requestState",
		"nothing":   "neither a result nor an error",
	} {
		if !strings.Contains(got[tool], want) {
			t.Errorf("tool %s: finding %q, want one containing %q", tool, got[tool], want)
		}
	}
	if _, ok := got["fine"]; ok {
		t.Errorf("tool fine reported: %s", got["fine"])
	}
}
