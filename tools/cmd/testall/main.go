// Command testall runs the checks and tests of mcplint: scripts/test.sh
// runs it, and CI runs that script on a clean clone.
//
//	go -C tools run ./cmd/testall                everything, as CI runs it
//	go -C tools run ./cmd/testall quick          gofmt, go vet, go test -short: the edit loop
//	go -C tools run ./cmd/testall integrations   the integrations only (golangci-lint, gopls, Neovim)
//	go -C tools run ./cmd/testall fuzz           fuzz each fuzz target for $FUZZTIME (30s)
//
// On a fresh machine it needs only Go, gcc and Node with npm; whatever else
// it uses, the commands it runs download into .cache/ (git-ignored) and the
// Go caches, and reuse on later runs (the README lists every download).
// Nothing is installed outside them.
//
// Each step prints "=== NAME" when it starts and "--- ok: NAME (N s, M s
// CPU)" (or FAIL) when it ends, the wall time and the CPU time of the
// processes it ran; the run ends with "checks: N passed, M failed (N s,
// M s CPU)" and exits 1 if a step failed. A step that fails does not stop
// the run: the steps after it still run and report.
//
// Most of a run's CPU time is the Go toolchain and the analyzers
// type-checking the SDKs and the standard library from source, and a third
// of that is garbage collection. On a 2-CPU machine CPU is the limit and
// memory is not, so the commands collect four times less often (GOGC=400),
// each process held to a soft 3 GiB (GOMEMLIMIT, which makes the collector
// work harder as a process nears it instead of failing). The binaries it
// links (some hundred test binaries and tools) are run and thrown away,
// never debugged, so they are linked without DWARF tables
// (GOFLAGS=-ldflags=-w), which takes half the linker's time. They are
// also built with -trimpath: what the compiler writes then names no
// directory, so the build cache serves a clone at a new path (CI's, or a
// second checkout) as it serves the first, instead of compiling every
// package of the module again (the tests find the repository from their
// working directory, not from runtime.Caller, whose file names -trimpath
// makes relative). The caller's own settings of the three win.
//
// The slow steps that need no test result run in the background while the
// tests run: the tool builds (CPU) and the downloads (network); and, once
// the downloads are there, the Redis modules and one of the conformance
// suites, which leave a core idle much of the time, beside the other suite
// and the integrations, which do too. A background job writes its output
// to .cache/logs/NAME.log; the step that awaits it prints that log (without
// the go command's download lines) and counts the job's CPU time as its
// own. Each job runs in a process group of its own, ended as a whole when
// the run ends or is interrupted.
//
// The fuzz targets' seed corpora run as tests in every mode; fuzzing itself
// (which rebuilds the standard library and the SDKs instrumented, a sixth
// of a cold run's CPU for a few seconds of fuzzing each) is the fuzz mode.
// Race detection covers the packages where concurrency lives (the runtime
// and the examples, over real transports); the analyzers' tests, which
// analyze whole SDKs from source, run once without it. The go vet step
// checks every package and test once, so the go test steps run with
// -vet=off rather than vetting them again.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/mcplint/mcplint/tools/internal/repo"
)

const usage = "usage: scripts/test.sh [quick|integrations|fuzz]"

// defaultEnv is what the commands run with unless the caller set it.
var defaultEnv = [][2]string{
	{"GOGC", "400"},
	{"GOMEMLIMIT", "3GiB"},
	{"GOFLAGS", "-trimpath -ldflags=-w"},
}

func main() {
	mode := "all"
	switch len(os.Args) {
	case 1:
	case 2:
		mode = os.Args[1]
	default:
		mode = ""
	}
	plan, ok := plans[mode]
	if !ok {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	root, err := repo.Root()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testall:", err)
		os.Exit(1)
	}
	for _, kv := range defaultEnv {
		if _, set := os.LookupEnv(kv[0]); !set {
			os.Setenv(kv[0], kv[1])
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// A second signal ends the run at once, as it would without this.
		<-ctx.Done()
		stop()
	}()
	r := newRunner(ctx, root, os.Stdout, os.Stderr)
	plan(r)
	r.stopBackground()
	if !r.summary() {
		os.Exit(1)
	}
}

// plans are the steps of each mode.
var plans = map[string]func(*runner){
	"all":          all,
	"quick":        quick,
	"integrations": integrations,
	"fuzz":         fuzz,
}

func quick(r *runner) {
	r.step("gofmt", gofmtClean)
	r.step("go vet", goCmd(".", "vet", "./..."))
	r.step("go test -short", goCmd(".", "test", "-short", "./..."))
	r.step("tools module: go vet, go test -short", toolsModule("-short"))
}

func fuzz(r *runner) {
	fuzztime := envOr("FUZZTIME", "30s")
	r.step("fuzz targets ("+fuzztime+" each)", func(x *proc) error { return fuzzEach(x, fuzztime) })
}

func all(r *runner) {
	r.step("gofmt", gofmtClean)
	r.step("download modules (the repository's and the test cases')", downloadModules)
	r.background("tools", func(x *proc) error {
		if err := buildTool(x, "golangci-lint"); err != nil {
			return err
		}
		return buildTool(x, "gopls")
	})
	r.background("downloads", func(x *proc) error {
		for _, args := range [][]string{
			{"./cmd/conformance", "install"},
			{"./cmd/sarifcheck", "install"},
			{"./cmd/installneovim"},
			{"./cmd/installredis"},
		} {
			if err := x.run("tools", nil, append([]string{"go", "run", "-mod=mod"}, args...)...); err != nil {
				return err
			}
		}
		return nil
	})
	r.step("go vet", goCmd(".", "vet", "./..."))
	r.step("tools module: go vet, go test", toolsModule())
	r.step("mcplint on the repository itself", goCmd(".", "run", "./cmd/mcplint", "./..."))
	r.step("go test (all but the runtime and the examples)", goTestWithoutRace)
	r.step("go test -race (runtime, examples)", goCmd(".", "test", "-vet=off", "-race", "-count=1", "./runtime/...", "./examples/..."))
	// The race detector changes what allocates, so the runtime's
	// allocation bounds skip under it; they run here, without it.
	r.step("the runtime's allocation bounds, without -race", goCmd(".", "test", "-vet=off", "-count=1", "-run", "Allocations$", "./runtime/mcpgo/resolve"))
	r.step("downloads (Node 22 and npm packages, Neovim, redis-server)", r.await("downloads"))
	r.background("redis", redisModules)
	r.background("conformance-mcpgo", conformance("-server", "./examples/conformance-mcpgo"))
	r.step("MCP conformance suite", conformance())
	r.step("tool builds (golangci-lint and gopls with mcplint)", r.await("tools"))
	integrations(r)
	r.step("MCP conformance suite on mcp-go", r.await("conformance-mcpgo"))
	r.step("Redis store and scale benchmark modules: go vet; the store's go test with a real redis-server", r.await("redis"))
	r.step("SARIF output against the SARIF 2.1.0 schema", goCmd("tools", "run", "-mod=mod", "./cmd/sarifcheck"))
	r.step("benchmarks run once", benchmarksOnce)
	r.step("replicas under load with key rotation, small (scripts/bench-scale.sh)", func(x *proc) error {
		return x.run(".", []string{"CLIENTS=10", "CALLS=100"}, "scripts/bench-scale.sh")
	})
}

// integrations runs the integration steps: the tool builds (cached in
// .cache/ until a source changes), the plugin's unit tests, and the tests
// of ./integration with the binaries that built, offline (GOPROXY=off)
// from the module cache (see integration/doc.go). A test whose binary did
// not build skips, and says so; its build step has failed already.
func integrations(r *runner) {
	var env []string
	bin := filepath.Join(r.root, ".cache", "bin")
	if r.step("build golangci-lint with mcplint", func(x *proc) error { return buildTool(x, "golangci-lint") }) {
		env = append(env, "MCPLINT_GOLANGCI_LINT="+filepath.Join(bin, "golangci-lint"))
	}
	if r.step("build gopls with mcplint", func(x *proc) error { return buildTool(x, "gopls") }) {
		env = append(env, "MCPLINT_GOPLS="+filepath.Join(bin, "gopls"))
	}
	var nvim string
	if r.step("Neovim", func(x *proc) error {
		var err error
		if nvim, err = x.output("tools", nil, "go", "run", "-mod=mod", "./cmd/installneovim"); err != nil {
			return err
		}
		version, err := x.output(".", nil, nvim, "--version")
		first, _, _ := strings.Cut(version, "\n")
		fmt.Fprintln(x.out, first)
		return err
	}) {
		env = append(env, "MCPLINT_NVIM="+nvim)
	}
	r.step("golangci-lint plugin unit tests", goCmd(".", "test", "-vet=off", "-count=1", "./golangci"))
	r.step("integration tests (golangci-lint, gopls, Neovim)", func(x *proc) error {
		return x.run(".", env, "go", "test", "-vet=off", "-count=1", "-timeout=15m", "-v", "./integration")
	})
}

// goCmd is a step that runs one go command in dir (relative to the root).
func goCmd(dir string, args ...string) func(*proc) error {
	return func(x *proc) error { return x.run(dir, nil, append([]string{"go"}, args...)...) }
}

// toolsModule vets and tests the tools module (tools/), which go vet ./...
// of the repository root does not reach.
func toolsModule(testFlags ...string) func(*proc) error {
	return func(x *proc) error {
		if err := x.run("tools", nil, "go", "vet", "./..."); err != nil {
			return err
		}
		args := append([]string{"go", "test", "-vet=off", "-count=1"}, testFlags...)
		return x.run("tools", nil, append(args, "./...")...)
	}
}

// buildTool builds golangci-lint or gopls with mcplint into .cache/bin/
// (tools/cmd/buildtool, which caches the binary by a hash of the sources).
func buildTool(x *proc, name string) error {
	out := filepath.Join(x.root, ".cache", "bin", name)
	return x.run("tools", nil, "go", "run", "-mod=mod", "./cmd/buildtool", name, out)
}

// conformance runs the official MCP conformance suite (tools/cmd/conformance).
func conformance(args ...string) func(*proc) error {
	return goCmd("tools", append([]string{"run", "-mod=mod", "./cmd/conformance"}, args...)...)
}

// gofmtClean fails if gofmt would change a tracked Go file outside testdata.
func gofmtClean(x *proc) error {
	files, err := x.trackedFiles("*.go")
	if err != nil {
		return err
	}
	var check []string
	for _, f := range files {
		if !strings.Contains("/"+f, "/testdata/") {
			check = append(check, f)
		}
	}
	changed, err := x.output(".", nil, append([]string{"gofmt", "-l"}, check...)...)
	if err != nil {
		return err
	}
	if changed != "" {
		fmt.Fprintf(x.out, "gofmt would change:\n%s\n", changed)
		return fmt.Errorf("gofmt: %d files", strings.Count(changed, "\n")+1)
	}
	return nil
}

// downloadModules downloads the modules of the repository and of every
// test case module under testdata/, which the tests load offline.
func downloadModules(x *proc) error {
	mods, err := x.trackedFiles("go.mod", "*/go.mod")
	if err != nil {
		return err
	}
	for _, mod := range mods {
		if err := x.run(filepath.Dir(mod), []string{"GOFLAGS=-mod=mod", "GOWORK=off"}, "go", "mod", "download"); err != nil {
			return err
		}
	}
	return nil
}

// goTestWithoutRace tests every package of the module but the runtime and
// the examples, which the race step tests: the analyzers, which analyze
// whole SDKs from source, are too slow for the race detector to pay.
func goTestWithoutRace(x *proc) error {
	pkgs, err := x.packages()
	if err != nil {
		return err
	}
	// The analyzers' package runs the framework's -fix over every test case
	// module and analyzes both SDKs several ways: on a busy 2-CPU machine it
	// passes go test's default ten minutes.
	args := []string{"go", "test", "-vet=off", "-count=1", "-timeout=25m"}
	for _, p := range pkgs {
		if !strings.HasPrefix(p.path, repo.Module+"/runtime/") && !strings.HasPrefix(p.path, repo.Module+"/examples/") {
			args = append(args, p.path)
		}
	}
	return x.run(".", nil, args...)
}

// benchmarksOnce runs every benchmark of the module once, so that none can
// rot, building only the test binaries of the packages that have one.
func benchmarksOnce(x *proc) error {
	pkgs, err := x.packages()
	if err != nil {
		return err
	}
	args := []string{"go", "test", "-vet=off", "-run=^$", "-bench=.", "-benchtime=1x"}
	for _, p := range pkgs {
		if names, err := testFuncs(p.dir, "Benchmark"); err != nil {
			return err
		} else if len(names) > 0 {
			args = append(args, p.path)
		}
	}
	return x.run(".", nil, args...)
}

// fuzzEach fuzzes every fuzz target of the module for fuzztime each.
func fuzzEach(x *proc, fuzztime string) error {
	pkgs, err := x.packages()
	if err != nil {
		return err
	}
	for _, p := range pkgs {
		targets, err := testFuncs(p.dir, "Fuzz")
		if err != nil {
			return err
		}
		for _, t := range targets {
			fmt.Fprintf(x.out, "fuzz %s %s\n", p.path, t)
			if err := x.run(".", nil, "go", "test", "-vet=off", "-run=^$", "-fuzz=^"+t+"$", "-fuzztime="+fuzztime, p.path); err != nil {
				return err
			}
		}
	}
	return nil
}

// redisModules vets the modules that need go-redis (the Redis store, the
// scale benchmark), which go vet ./... of the root does not reach, and
// tests the store (and runs its benchmarks once) against a real
// redis-server: Debian's package in .cache/redis/. (The scale benchmark has
// no tests; its small run is the last step.) The store's test runs without
// -race: its concurrency is go-redis's and the engine's, and the engine's
// single use is raced in the root module; building go-redis again with the
// race detector would cost more than it could find.
func redisModules(x *proc) error {
	redis, err := x.output("tools", nil, "go", "run", "-mod=mod", "./cmd/installredis")
	if err != nil {
		return err
	}
	for _, dir := range []string{"tools/scalebench", "runtime/singleuse/redisstore"} {
		if err := x.run(dir, nil, "go", "vet", "./..."); err != nil {
			return err
		}
	}
	return x.run("runtime/singleuse/redisstore", []string{"MCPLINT_REDIS_SERVER=" + redis},
		"go", "test", "-vet=off", "-count=1", "-bench=.", "-benchtime=1x", "./...")
}

// envOr returns the value of the environment variable key, or def if it
// is unset or empty.
func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
