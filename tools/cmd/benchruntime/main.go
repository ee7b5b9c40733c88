// Command benchruntime measures what the resolver runtime costs against
// hand-written handlers doing the same work, in one run, and prints the
// medians and ratios: the go-sdk binding against go-sdk handlers, and the
// mcp-go binding against mcp-go handlers, in process (the figures of
// record) and, beside them, over streamable HTTP on loopback, and against a
// hand-written mcp-go handler whose plaintext state is padded to the sealed
// tokens' lengths: the same bytes on the wire, so that ratio is the engine's
// own work, apart from what the transport spends per byte of state.
// scripts/bench-runtime.sh runs it.
//
//	go -C tools run ./cmd/benchruntime [-count 5] [-benchtime 500x]
//
// Each of the count rounds runs every benchmark once, its variants back to
// back (resolvers, then handwritten), so both see the same machine load;
// the ratios use medians. Where both benchmarks of a ratio report
// cpu-ns/op (the process's CPU time per call: client and server run in
// the process), the ratio is of CPU time, which other work on a shared
// machine disturbs far less than wall time, and the wall-time ratio is
// printed beside it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/tools/internal/repo"
	"github.com/mcplint/mcplint/tools/internal/stats"
)

func main() {
	count := flag.Int("count", envInt("COUNT", 5), "runs of each benchmark (default: $COUNT or 5)")
	benchtime := flag.String("benchtime", envString("BENCHTIME", "500x"), "go test -benchtime of the runtime benchmarks (default: $BENCHTIME or 500x)")
	flag.Parse()
	if err := run(*count, *benchtime, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "benchruntime: %v\n", err)
		os.Exit(1)
	}
}

func run(count int, benchtime string, stdout io.Writer) error {
	root, err := repo.Root()
	if err != nil {
		return err
	}
	var out bytes.Buffer
	// Each round runs every benchmark once, so that the runs of the
	// resolvers and of the hand-written handlers alternate over the whole
	// measurement, and both see the same machine load; go test -count
	// would run one benchmark's runs back to back.
	for range count {
		for _, args := range [][]string{
			{"-bench=ThreeRounds|TwoComputed|FivePlainResolvers|ResolverCount|StateSize", "-benchtime=" + benchtime, "./runtime/resolve"},
			// The in-process benchmarks, their streamable HTTP twins
			// (BenchmarkMCPGoThreeRoundsHTTP, BenchmarkMCPGoTwoComputedHTTP)
			// and the side-by-side ones (...Paired).
			{"-bench=^(BenchmarkMCPGoThreeRounds|BenchmarkMCPGoTwoComputed)(HTTP|Paired)?$", "-benchtime=" + benchtime, "./runtime/mcpgo/resolve"},
			{"-bench=SealOpen", "./runtime/internal/sealcore"},
		} {
			cmd := exec.Command("go", append([]string{"test", "-run=^$", "-benchmem", "-count=1"}, args...)...)
			cmd.Dir = root
			cmd.Stdout = io.MultiWriter(stdout, &out)
			cmd.Stderr = os.Stderr
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("go test %s: %v", strings.Join(args, " "), err)
			}
		}
	}
	fmt.Fprintln(stdout)
	return report(stdout, parse(out.String()))
}

// A result is what the runs of one benchmark measured.
type result struct {
	ns, cpu    []float64
	allocs     string
	stateBytes string
	// ratios are the per-run values of the side-by-side benchmarks'
	// metrics, by unit (resolvers/handwritten and the like).
	ratios map[string][]float64
}

// parse reads go test -bench output: for each benchmark (the -N GOMAXPROCS
// suffix removed), its ns/op of every run and its last allocs/op and
// state-bytes.
func parse(out string) map[string]*result {
	results := map[string]*result{}
	for _, line := range strings.Split(out, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 || !strings.HasPrefix(fields[0], "Benchmark") {
			continue
		}
		name := fields[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		r := results[name]
		if r == nil {
			r = &result{allocs: "-", stateBytes: "-"}
			results[name] = r
		}
		for i := 1; i+1 < len(fields); i++ {
			switch fields[i+1] {
			case "ns/op":
				if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
					r.ns = append(r.ns, v)
				}
			case "cpu-ns/op":
				if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
					r.cpu = append(r.cpu, v)
				}
			case "allocs/op":
				r.allocs = fields[i]
			case "state-bytes":
				r.stateBytes = fields[i]
			default:
				if unit := fields[i+1]; strings.HasPrefix(unit, "resolvers/") {
					if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
						if r.ratios == nil {
							r.ratios = map[string][]float64{}
						}
						r.ratios[unit] = append(r.ratios[unit], v)
					}
				}
			}
		}
	}
	return results
}

// report prints the medians and the ratios the runtime's targets are about.
func report(w io.Writer, results map[string]*result) error {
	names := make([]string, 0, len(results))
	for name := range results {
		names = append(names, name)
	}
	slices.Sort(names)
	fmt.Fprintf(w, "%-55s %12s %12s %10s %12s\n", "benchmark (median)", "ns/op", "cpu-ns/op", "allocs/op", "state bytes")
	for _, name := range names {
		r := results[name]
		cpu := "-"
		if len(r.cpu) > 0 {
			cpu = fmt.Sprintf("%.0f", stats.Median(r.cpu))
		}
		fmt.Fprintf(w, "%-55s %12.0f %12s %10s %12s\n", name, stats.Median(r.ns), cpu, r.allocs, r.stateBytes)
	}
	median := func(name string) (float64, error) {
		r := results[name]
		if r == nil || len(r.ns) == 0 {
			return 0, fmt.Errorf("no result for %s", name)
		}
		return stats.Median(r.ns), nil
	}
	m := map[string]float64{}
	// ratio is a/b in CPU time where both have it, with the wall-time
	// ratio beside it; in wall time otherwise.
	ratio := func(a, b, target string) string {
		wall := stats.Ratio(m[a], m[b])
		ra, rb := results[a], results[b]
		if len(ra.cpu) == 0 || len(rb.cpu) == 0 {
			return fmt.Sprintf("%s (target <= %s)", wall, target)
		}
		return fmt.Sprintf("%s (target <= %s), CPU time; wall time %s", stats.Ratio(stats.Median(ra.cpu), stats.Median(rb.cpu)), target, wall)
	}
	for _, name := range []string{
		"BenchmarkResolverCount/resolvers=1", "BenchmarkResolverCount/resolvers=10", "BenchmarkResolverCount/resolvers=100",
		"BenchmarkFivePlainResolvers/impl=resolvers", "BenchmarkFivePlainResolvers/impl=handwritten",
		"BenchmarkThreeRounds/impl=resolvers", "BenchmarkThreeRounds/impl=handwritten",
		"BenchmarkTwoComputed/impl=resolvers", "BenchmarkTwoComputed/impl=handwritten",
		"BenchmarkMCPGoThreeRounds/impl=resolvers", "BenchmarkMCPGoThreeRounds/impl=handwritten", "BenchmarkMCPGoThreeRounds/impl=handwritten-same-bytes",
		"BenchmarkMCPGoTwoComputed/impl=resolvers", "BenchmarkMCPGoTwoComputed/impl=handwritten",
		"BenchmarkMCPGoThreeRoundsHTTP/impl=resolvers", "BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten", "BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten-same-bytes",
		"BenchmarkMCPGoTwoComputedHTTP/impl=resolvers", "BenchmarkMCPGoTwoComputedHTTP/impl=handwritten",
		"BenchmarkThreeRoundsSingleUse/store=memory", "BenchmarkThreeRoundsSingleUse/store=off", "BenchmarkThreeRoundsSingleUse/impl=handwritten",
	} {
		v, err := median(name)
		if err != nil {
			return err
		}
		m[name] = v
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "per-resolver cost: 1->10: %.0f ns/resolver, 10->100: %.0f ns/resolver\n",
		(m["BenchmarkResolverCount/resolvers=10"]-m["BenchmarkResolverCount/resolvers=1"])/9,
		(m["BenchmarkResolverCount/resolvers=100"]-m["BenchmarkResolverCount/resolvers=10"])/90)
	fmt.Fprintf(w, "runtime ratio five-plain resolvers/handwritten: %s\n",
		ratio("BenchmarkFivePlainResolvers/impl=resolvers", "BenchmarkFivePlainResolvers/impl=handwritten", "1.10"))
	for _, sdk := range []struct{ name, prefix string }{{"go-sdk", "Benchmark"}, {"mcp-go", "BenchmarkMCPGo"}} {
		fmt.Fprintf(w, "runtime ratio %s three-rounds sealed-resolvers/handwritten-plaintext: %s\n", sdk.name,
			ratio(sdk.prefix+"ThreeRounds/impl=resolvers", sdk.prefix+"ThreeRounds/impl=handwritten", "1.10"))
		fmt.Fprintf(w, "runtime ratio %s one-round two-computed resolvers/handwritten: %s\n", sdk.name,
			ratio(sdk.prefix+"TwoComputed/impl=resolvers", sdk.prefix+"TwoComputed/impl=handwritten", "1.00"))
	}
	// The in-process ratios above are the ones of record; over streamable
	// HTTP the same calls pay HTTP's cost per message too, and the state's
	// bytes are a smaller share.
	fmt.Fprintf(w, "beside them, mcp-go over streamable HTTP on loopback: three-rounds %s; one-round two-computed %s\n",
		ratio("BenchmarkMCPGoThreeRoundsHTTP/impl=resolvers", "BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten", "-"),
		ratio("BenchmarkMCPGoTwoComputedHTTP/impl=resolvers", "BenchmarkMCPGoTwoComputedHTTP/impl=handwritten", "-"))
	// The hand-written tool with the resolver tool's wire keys and its
	// state padded to the sealed tokens' lengths carries the same bytes:
	// against it, the ratio is the engine's own work; the rest of the
	// ratio above is what the transport spends on the bytes the sealed
	// state adds.
	fmt.Fprintf(w, "mcp-go three-rounds against the hand-written tool carrying the same bytes: in process %s; over streamable HTTP %s\n",
		ratio("BenchmarkMCPGoThreeRounds/impl=resolvers", "BenchmarkMCPGoThreeRounds/impl=handwritten-same-bytes", "-"),
		ratio("BenchmarkMCPGoThreeRoundsHTTP/impl=resolvers", "BenchmarkMCPGoThreeRoundsHTTP/impl=handwritten-same-bytes", "-"))
	// The side-by-side benchmarks measure their ratios within each run,
	// from calls made in turn: the median of those per-run ratios.
	paired := func(name, unit string) string {
		r := results[name]
		if r == nil || len(r.ratios[unit]) == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f", stats.Median(r.ratios[unit]))
	}
	fmt.Fprintf(w, "side by side in one process (median of each run's CPU-time ratio): go-sdk three-rounds %s, one-round %s; mcp-go three-rounds %s (against the same bytes %s), one-round %s\n",
		paired("BenchmarkThreeRoundsPaired", "resolvers/handwritten"),
		paired("BenchmarkTwoComputedPaired", "resolvers/handwritten"),
		paired("BenchmarkMCPGoThreeRoundsPaired", "resolvers/handwritten"),
		paired("BenchmarkMCPGoThreeRoundsPaired", "resolvers/same-bytes"),
		paired("BenchmarkMCPGoTwoComputedPaired", "resolvers/handwritten"))
	fmt.Fprintf(w, "three rounds, single use in memory/off: %s; in memory/handwritten: %s; off/handwritten: %s\n",
		ratio("BenchmarkThreeRoundsSingleUse/store=memory", "BenchmarkThreeRoundsSingleUse/store=off", "-"),
		ratio("BenchmarkThreeRoundsSingleUse/store=memory", "BenchmarkThreeRoundsSingleUse/impl=handwritten", "1.10"),
		ratio("BenchmarkThreeRoundsSingleUse/store=off", "BenchmarkThreeRoundsSingleUse/impl=handwritten", "-"))
	return nil
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
