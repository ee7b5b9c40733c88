package mcptest_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkCheck measures a whole check of a server of 20 tools (ten
// resolver tools of two rounds, ten hand-written ones of one), and reports
// the cost per tool and per scenario run.
func BenchmarkCheck(b *testing.B) {
	server := newServer()
	s := &store{}
	var orders atomic.Int64
	opts := mcptest.Options{Tool: map[string]mcptest.Tool{}}
	for i := range 10 {
		name := fmt.Sprintf("order_%d", i)
		resolve.MustAddTool(server, &mcp.Tool{Name: name}, orderHandler(&orders), checkStockR, confirmR, wrapR)
		opts.Tool[name] = mcptest.Tool{Args: map[string]any{"title": "Dune"}, Effect: func() int { return int(orders.Load()) }}
		hand := fmt.Sprintf("drop_%d", i)
		mcp.AddTool(server, &mcp.Tool{Name: hand}, dropClosed(s))
		opts.Tool[hand] = mcptest.Tool{Args: map[string]any{"table": "users"}, Effect: s.count, Skip: []string{"askcaps"}}
	}
	var runs, calls int
	b.ResetTimer()
	for b.Loop() {
		r, err := mcptest.Run(server, opts)
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Findings) > 0 {
			b.Fatal(r.Findings[0])
		}
		runs, calls = 0, r.Calls
		for _, n := range r.Runs {
			runs += n
		}
	}
	per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(per/20/1e6, "ms/tool")
	b.ReportMetric(per/float64(runs)/1e6, "ms/scenario-run")
	b.ReportMetric(float64(calls), "calls/check")
}
