package mcpgo_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/mcptest/mcpgo"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type OrderIn struct {
	Title string `json:"title"`
}

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

// TestResolverTools: the mcp-go runtime's tools pass every scenario, with
// an effect probe and without. Sealed state is bound to the principal the
// kit's context hook puts where the runtime's Principal reads it.
func TestResolverTools(t *testing.T) {
	type userKey struct{}
	rt, err := resolve.New(&resolve.Options{Principal: func(ctx context.Context) string {
		user, _ := ctx.Value(userKey{}).(string)
		return user
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, probe := range []bool{true, false} {
		var orders atomic.Int64
		s := server.NewMCPServer("bookstore", "v1")
		confirm := func(ctx context.Context, in OrderIn) (resolve.Elicit[Backorder], error) {
			return resolve.Ask[Backorder](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
		}
		wrap := func(ctx context.Context, in OrderIn, b Backorder) (resolve.Elicit[Wrap], error) {
			return resolve.Ask[Wrap]("Which paper?"), nil
		}
		order := func(ctx context.Context, req mcp.CallToolRequest, in OrderIn, b Backorder, w Wrap) (Receipt, error) {
			if !b.Confirm {
				return Receipt{}, fmt.Errorf("order of %q not confirmed", in.Title)
			}
			orders.Add(1)
			return Receipt{Title: in.Title, Paper: w.Paper}, nil
		}
		if err := rt.AddTool(s, mcp.NewTool("order_book", mcp.WithString("title", mcp.Required())), order, confirm, wrap); err != nil {
			t.Fatal(err)
		}
		opts := mcpgo.Tool{Args: map[string]any{"title": "Dune"}}
		if probe {
			opts.Effect = func() int { return int(orders.Load()) }
		}
		r := mcpgo.Check(t, s, mcpgo.Options{Tool: map[string]mcpgo.Tool{"order_book": opts},
			PrincipalContext: func(ctx context.Context, user string) context.Context { return context.WithValue(ctx, userKey{}, user) }})
		for _, sc := range []string{"failopen", "standin", "statereach", "askcaps", "syncask", "askstable"} {
			if r.Runs[sc] == 0 {
				t.Errorf("probe %v: scenario %s never ran", probe, sc)
			}
		}
		if probe && r.Runs["singleuse"] == 0 {
			t.Error("single use never ran with a probe")
		}
	}
}

// TestBadTools: an mcp-go tool that panics, hangs or returns a malformed
// result is reported, and the check goes on.
func TestBadTools(t *testing.T) {
	s := server.NewMCPServer("bad", "v1")
	bucket := mcp.WithString("bucket", mcp.Required())
	s.AddTool(mcp.NewTool("panics", bucket), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var m map[string]int
		m[req.GetString("bucket", "")]++ // a nil map: panics
		return nil, nil
	})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	s.AddTool(mcp.NewTool("hangs", bucket), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-release // ignores its context
		return nil, nil
	})
	s.AddTool(mcp.NewTool("nil_result", bucket), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	})
	st := &store{}
	s.AddTool(mcp.NewTool("fine", bucket), purgeTicked(st))
	start := time.Now()
	r, err := mcpgo.Run(s, mcpgo.Options{Timeout: 300 * time.Millisecond, Tool: map[string]mcpgo.Tool{"fine": {Effect: st.count, Skip: []string{"askcaps"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the check took %v", d)
	}
	got := map[string]string{}
	for _, f := range r.Findings {
		t.Log(f)
		got[f.Tool] = f.Detail
	}
	for tool, want := range map[string]string{
		"panics":     "the handler panicked: assignment to entry in nil map",
		"hangs":      "no result within the per-call timeout",
		"nil_result": "did not complete",
	} {
		if !strings.Contains(got[tool], want) {
			t.Errorf("tool %s: finding %q, want one containing %q", tool, got[tool], want)
		}
	}
	if _, ok := got["fine"]; ok {
		t.Errorf("tool fine reported: %s", got["fine"])
	}
}
