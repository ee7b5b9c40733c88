package main

import (
	"bytes"
	"strings"
	"testing"
)

// A go test -bench output with the runs of every benchmark the report uses.
const benchOutput = `goos: linux
BenchmarkThreeRounds/impl=resolvers-2         	     500	    300 ns/op	  120 state-bytes	  2000 B/op	  30 allocs/op
BenchmarkThreeRounds/impl=handwritten-2       	     500	    200 ns/op	  1000 B/op	  20 allocs/op
BenchmarkThreeRounds/impl=resolvers-2         	     500	    100 ns/op	  120 state-bytes	  2000 B/op	  30 allocs/op
BenchmarkThreeRounds/impl=handwritten-2       	     500	    200 ns/op	  1000 B/op	  20 allocs/op
BenchmarkThreeRounds/impl=resolvers-2         	     500	    250 ns/op	  120 state-bytes	  2000 B/op	  30 allocs/op
BenchmarkThreeRounds/impl=handwritten-2       	     500	    900 ns/op	  1000 B/op	  20 allocs/op
BenchmarkTwoComputed/impl=resolvers-2         	     500	    100 ns/op
BenchmarkTwoComputed/impl=handwritten-2       	     500	    100 ns/op
BenchmarkMCPGoThreeRounds/impl=resolvers-2    	     500	    330 ns/op
BenchmarkMCPGoThreeRounds/impl=handwritten-2  	     500	    300 ns/op
BenchmarkMCPGoThreeRounds/impl=handwritten-same-bytes-2  	     500	    320 ns/op
BenchmarkMCPGoTwoComputed/impl=resolvers-2    	     500	     90 ns/op
BenchmarkMCPGoTwoComputed/impl=handwritten-2  	     500	    100 ns/op
BenchmarkMCPGoThreeRoundsHTTP/impl=resolvers-2    	     500	    1050 ns/op
BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten-2  	     500	    1000 ns/op
BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten-same-bytes-2  	     500	    1040 ns/op
BenchmarkMCPGoTwoComputedHTTP/impl=resolvers-2    	     500	     96 ns/op
BenchmarkMCPGoTwoComputedHTTP/impl=handwritten-2  	     500	    100 ns/op
BenchmarkFivePlainResolvers/impl=resolvers-2  	     500	    110 ns/op
BenchmarkFivePlainResolvers/impl=handwritten-2	     500	    100 ns/op
BenchmarkResolverCount/resolvers=1-2          	     500	    1000 ns/op
BenchmarkResolverCount/resolvers=10-2         	     500	    1900 ns/op
BenchmarkResolverCount/resolvers=100-2        	     500	    10900 ns/op
BenchmarkThreeRoundsSingleUse/store=memory-2  	     500	    220 ns/op
BenchmarkThreeRoundsSingleUse/store=off-2     	     500	    200 ns/op
BenchmarkThreeRoundsSingleUse/impl=handwritten-2	     500	    160 ns/op
BenchmarkThreeRoundsPaired-2  	     500	    400 ns/op	  1.04 resolvers/handwritten
BenchmarkThreeRoundsPaired-2  	     500	    400 ns/op	  1.02 resolvers/handwritten
BenchmarkThreeRoundsPaired-2  	     500	    400 ns/op	  1.30 resolvers/handwritten
BenchmarkMCPGoThreeRoundsPaired-2  	     500	    900 ns/op	  1.15 resolvers/handwritten	  1.06 resolvers/same-bytes
PASS
`

func TestReport(t *testing.T) {
	var out bytes.Buffer
	if err := report(&out, parse(benchOutput)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		// median of 300, 100, 250 is 250; of 200, 200, 900 is 200.
		"BenchmarkThreeRounds/impl=resolvers                              250            -         30          120",
		"per-resolver cost: 1->10: 100 ns/resolver, 10->100: 100 ns/resolver",
		"runtime ratio five-plain resolvers/handwritten: 1.10 (target <= 1.10)",
		"runtime ratio go-sdk three-rounds sealed-resolvers/handwritten-plaintext: 1.25 (target <= 1.10)",
		"runtime ratio go-sdk one-round two-computed resolvers/handwritten: 1.00 (target <= 1.00)",
		"runtime ratio mcp-go three-rounds sealed-resolvers/handwritten-plaintext: 1.10 (target <= 1.10)",
		"runtime ratio mcp-go one-round two-computed resolvers/handwritten: 0.90 (target <= 1.00)",
		"beside them, mcp-go over streamable HTTP on loopback: three-rounds 1.05 (target <= -); one-round two-computed 0.96 (target <= -)",
		"mcp-go three-rounds against the hand-written tool carrying the same bytes: in process 1.03 (target <= -); over streamable HTTP 1.01 (target <= -)",
		// median of 1.04, 1.02, 1.30; the one-round pairs did not run.
		"side by side in one process (median of each run's CPU-time ratio): go-sdk three-rounds 1.04, one-round -; mcp-go three-rounds 1.15 (against the same bytes 1.06), one-round -",
		"three rounds, single use in memory/off: 1.10 (target <= -); in memory/handwritten: 1.38 (target <= 1.10); off/handwritten: 1.25 (target <= -)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReportMissingBenchmark(t *testing.T) {
	var out bytes.Buffer
	err := report(&out, parse("BenchmarkThreeRounds/impl=resolvers-2  500  300 ns/op\n"))
	if err == nil || !strings.Contains(err.Error(), "no result for") {
		t.Errorf("report without the benchmarks: err = %v, want one naming the missing result", err)
	}
}

// TestReportCPU checks that a ratio whose benchmarks both report cpu-ns/op
// is of CPU time, with the wall-time ratio beside it.
func TestReportCPU(t *testing.T) {
	out := strings.Replace(benchOutput,
		"BenchmarkMCPGoThreeRounds/impl=resolvers-2    \t     500\t    330 ns/op\nBenchmarkMCPGoThreeRounds/impl=handwritten-2  \t     500\t    300 ns/op",
		"BenchmarkMCPGoThreeRounds/impl=resolvers-2    \t     500\t    330 ns/op\t  420 cpu-ns/op\nBenchmarkMCPGoThreeRounds/impl=handwritten-2  \t     500\t    300 ns/op\t  400 cpu-ns/op", 1)
	if out == benchOutput {
		t.Fatal("the test's bench output did not change")
	}
	var buf bytes.Buffer
	if err := report(&buf, parse(out)); err != nil {
		t.Fatal(err)
	}
	want := "runtime ratio mcp-go three-rounds sealed-resolvers/handwritten-plaintext: 1.05 (target <= 1.10), CPU time; wall time 1.10"
	if !strings.Contains(buf.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, buf.String())
	}
}
