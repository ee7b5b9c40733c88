#!/usr/bin/env bash
# Runs the checks and tests of mcplint. On a fresh machine it needs only Go,
# gcc and Node with npm; whatever else it uses it downloads into .cache/
# (git-ignored) and the Go caches, and reuses on later runs (the README
# lists every download). Nothing is installed outside them.
#
#   scripts/test.sh                  everything, as CI runs it
#   scripts/test.sh quick            gofmt, go vet, go test -short: the edit loop
#   scripts/test.sh integrations     the integrations only (golangci-lint, gopls,
#                                    Neovim): what scripts/test-integrations.sh runs
#   scripts/test.sh fuzz             fuzz each fuzz target for $FUZZTIME (30s)
#
# This script is the orchestration only: what a step does beyond one go
# command lives in the tools module (tools/, a module of its own so that
# the tools' requirements stay out of mcplint's go.mod), which the other
# scripts run with go -C tools run.
#
# Each step prints its time. The fuzz targets' seed corpora run as tests
# in every mode; fuzzing itself (which rebuilds the standard library and
# the SDKs instrumented, a sixth of a cold run's CPU for a few seconds of
# fuzzing each) is the fuzz mode. Race detection covers the packages where
# concurrency lives (the runtime and the examples, over real transports);
# the analyzers' tests, which analyze whole SDKs from source, run once
# without it. The go vet step checks every package and test once, so the
# go test steps run with -vet=off rather than vetting them again.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
case $mode in
all | quick | integrations | fuzz) ;;
*)
	echo "usage: scripts/test.sh [quick|integrations|fuzz]" >&2
	exit 2
	;;
esac

fuzztime=${FUZZTIME:-30s}

# Most of this command's CPU time is the Go toolchain and the analyzers
# type-checking the SDKs and the standard library from source, and a third
# of that is garbage collection. On a 2-CPU machine CPU is the limit and
# memory is not, so collect four times less often, each process held to
# a soft 3 GiB (GOMEMLIMIT makes the collector work harder as a process
# nears it instead of failing). The caller's own settings win.
export GOGC=${GOGC:-400} GOMEMLIMIT=${GOMEMLIMIT:-3GiB}
# The binaries it links (some hundred test binaries and tools) are run
# and thrown away, never debugged: linking them without DWARF tables
# takes half the linker's time. Again the caller's GOFLAGS win.
export GOFLAGS=${GOFLAGS:--ldflags=-w}
passed=0
failed=0
failures=()
start_all=$SECONDS

# cpu_centis prints the CPU time (user and system, in hundredths of a
# second) of this script's children that have ended, where Linux's /proc
# tells it, and nothing elsewhere.
cpu_centis() {
	local stat
	[ -r "/proc/$$/stat" ] && read -r stat <"/proc/$$/stat" || return 0
	# Fields 16 and 17, counted after the command name (which may hold spaces).
	set -- ${stat##*) }
	echo $(((${14} + ${15}) * 100 / $(getconf CLK_TCK)))
}

# step NAME CMD...: runs one check, records whether it passed (also in
# $step_passed, true or false, for a later step that needs its result)
# and prints its time: wall, and the CPU time of the processes it ran.
# A background job's CPU time counts in the step that awaits it, not in
# the one during which it happened to end.
step_passed=
awaited_centis=0
step() {
	local name=$1 start=$SECONDS cpu_start bg_start result cpu
	shift
	cpu_start=$(cpu_centis)
	bg_start=$(background_centis)
	awaited_centis=0
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
		step_passed=true
		result=ok
	else
		failed=$((failed + 1))
		failures+=("$name")
		step_passed=false
		result=FAIL
	fi
	cpu=$(cpu_centis)
	[ -z "$cpu" ] || cpu=$((cpu - cpu_start - ($(background_centis) - bg_start) + awaited_centis))
	echo "--- $result: $name ($((SECONDS - start)) s${cpu:+, $(((cpu + 50) / 100)) s CPU})"
}

gofmt_clean() {
	local files
	files=$(gofmt -l $(git ls-files '*.go' | grep -v '/testdata/') 2>&1)
	if [ -n "$files" ]; then
		echo "gofmt would change:"
		echo "$files"
		return 1
	fi
}

# download_modules downloads the modules of the repository and of every
# test case module under testdata/, which the tests load offline.
download_modules() {
	local mod
	for mod in $(git ls-files go.mod '*/go.mod'); do
		(cd "$(dirname "$mod")" && GOFLAGS=-mod=mod GOWORK=off go mod download) || return 1
	done
}

# fuzz_each runs every fuzz target of the module for $fuzztime each.
fuzz_each() {
	local dir target
	for dir in $(git grep -l '^func Fuzz' -- '*_test.go' | xargs -n1 dirname | sort -u); do
		for target in $(git grep -h -o '^func Fuzz[A-Za-z0-9_]*' -- "$dir/*_test.go" | sed 's/^func //'); do
			echo "fuzz ./$dir $target"
			go test -vet=off -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" "./$dir" || return 1
		done
	done
}

# go_test_without_race tests every package of the module but the runtime
# and the examples, which the next step tests under -race: the analyzers,
# which analyze whole SDKs from source, are too slow for it to pay.
go_test_without_race() {
	local pkgs
	pkgs=$(go list ./... | grep -v -e '^github.com/mcplint/mcplint/runtime/' -e '^github.com/mcplint/mcplint/examples/') &&
		go test -vet=off -count=1 $pkgs
}

# benchmarks_once runs every benchmark of the module once, so that none can
# rot, building only the test binaries of the packages that have one.
benchmarks_once() {
	local pkgs
	pkgs=$(go list -f '{{.Dir}}' ./... | sed "s|^$PWD/|./|" |
		grep -Fx -f <(git grep -l '^func Benchmark' -- '*_test.go' | xargs -n1 dirname | sed 's|^|./|')) &&
		go test -vet=off -run='^$' -bench=. -benchtime=1x $pkgs
}

# go_tools_module [FLAGS]: vets and tests the tools module (tools/), which
# go vet ./... of the repository root does not reach.
go_tools_module() {
	go -C tools vet ./... && go -C tools test -vet=off -count=1 "$@" ./...
}

# redis_modules vets the modules that need go-redis (the Redis store, the
# scale benchmark), which go vet ./... of the root does not reach, and
# tests the store (and runs its benchmarks once) against a real
# redis-server: Debian's package in .cache/redis/. (The scale benchmark
# has no tests; its small run is the last step.) The store's test runs
# without -race: its concurrency is go-redis's and the engine's, and the
# engine's single use is raced in the root module; building go-redis
# again with the race detector would cost more than it could find.
redis_modules() {
	local redis
	redis=$(go run -C tools ./cmd/installredis) &&
		go -C tools/scalebench vet ./... &&
		go -C runtime/singleuse/redisstore vet ./... &&
		MCPLINT_REDIS_SERVER=$redis go -C runtime/singleuse/redisstore test -vet=off -count=1 -bench=. -benchtime=1x ./...
}

# Slow steps that need no test result run in the background while the
# tests run: the tool builds (CPU) and the downloads (network); and, once
# the downloads are there, the Redis modules and one of the conformance
# suites, which leave a core idle much of the time, beside the other suite
# and the integrations, which do too. A later step awaits each; the
# scripts that use what they made find it in .cache/.
declare -A bg_pids=() bg_names=()

# background NAME CMD...: starts CMD (a command or an exported function)
# in a process group of its own, so that it can be ended as a whole, its
# output in .cache/logs/NAME.log; when it ends, it writes the CPU time of
# what it ran to .cache/logs/NAME.cpu (bash's times: its own, then its
# children's).
background() {
	local name=$1
	shift
	mkdir -p .cache/logs
	rm -f ".cache/logs/$name.cpu"
	setsid bash -c '"$@"; status=$?; times >".cache/logs/$0.cpu"; exit $status' \
		"$name" "$@" >".cache/logs/$name.log" 2>&1 &
	bg_pids[$name]=$!
	bg_names[$name]=1
}

# centis_of USER SYS: bash's times (0m1.250s) in hundredths of a second.
centis_of() {
	local t total=0
	for t in "$@"; do
		[[ $t =~ ^([0-9]+)m([0-9]+)\.([0-9]{2}) ]] || continue
		total=$((total + 10#${BASH_REMATCH[1]} * 6000 + 10#${BASH_REMATCH[2]} * 100 + 10#${BASH_REMATCH[3]}))
	done
	echo "$total"
}

# job_centis NAME prints the CPU time of the background job NAME, in
# hundredths of a second, once it has ended (0 before).
job_centis() {
	local shell children
	{ read -r shell && read -r children; } 2>/dev/null <".cache/logs/$1.cpu" || {
		echo 0
		return
	}
	centis_of $children
}

# background_centis prints the CPU time of the background jobs that have
# ended so far, in hundredths of a second.
background_centis() {
	local name total=0
	for name in "${!bg_names[@]}"; do
		total=$((total + $(job_centis "$name")))
	done
	echo "$total"
}

# await NAME: waits for the background job NAME and prints its output
# (without the go command's download lines). If it failed, the step that
# uses its result tries again, and says why.
await() {
	local status=0
	wait "${bg_pids[$1]}" || status=$?
	unset "bg_pids[$1]"
	grep -v '^go: downloading ' ".cache/logs/$1.log" || true
	awaited_centis=$((awaited_centis + $(job_centis "$1")))
	return "$status"
}

stop_background() {
	local pid
	for pid in "${bg_pids[@]}"; do
		kill -- "-$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
}
trap stop_background EXIT

build_tools() {
	scripts/build-golangci-lint.sh .cache/bin/golangci-lint && scripts/build-gopls.sh .cache/bin/gopls
}
download_tools() {
	scripts/conformance.sh install && scripts/test-sarif.sh install && scripts/install-neovim.sh &&
		go run -C tools ./cmd/installredis
}
export -f build_tools download_tools redis_modules

# find_neovim puts the path of nvim in $nvim: the one on PATH, or
# Debian's package unpacked into .cache/ (scripts/install-neovim.sh).
nvim=
find_neovim() {
	nvim=$(scripts/install-neovim.sh) && "$nvim" --version | head -1
}

# integrations runs the integration steps: the tool builds (cached in
# .cache/ until a source changes), the plugin's unit tests, and the tests
# of ./integration with the binaries that built, offline (GOPROXY=off)
# from the module cache (see integration/doc.go). A test whose binary did
# not build skips, and says so; its build step has failed already.
integrations() {
	local env_args=()
	step "build golangci-lint with mcplint" scripts/build-golangci-lint.sh .cache/bin/golangci-lint
	if $step_passed; then
		env_args+=("MCPLINT_GOLANGCI_LINT=$PWD/.cache/bin/golangci-lint")
	fi
	step "build gopls with mcplint" scripts/build-gopls.sh .cache/bin/gopls
	if $step_passed; then
		env_args+=("MCPLINT_GOPLS=$PWD/.cache/bin/gopls")
	fi
	step "Neovim" find_neovim
	if $step_passed; then
		env_args+=("MCPLINT_NVIM=$nvim")
	fi
	step "golangci-lint plugin unit tests" go test -vet=off -count=1 ./golangci
	step "integration tests (golangci-lint, gopls, Neovim)" \
		env "${env_args[@]}" go test -vet=off -count=1 -timeout=15m -v ./integration
}

if [ "$mode" = integrations ]; then
	integrations
elif [ "$mode" = fuzz ]; then
	step "fuzz targets (${fuzztime} each)" fuzz_each
elif [ "$mode" = quick ]; then
	step "gofmt" gofmt_clean
	step "go vet" go vet ./...
	step "go test -short" go test -short ./...
	step "tools module: go vet, go test -short" go_tools_module -short
else
	step "gofmt" gofmt_clean
	step "download modules (the repository's and the test cases')" download_modules
	background tools build_tools
	background downloads download_tools
	step "go vet" go vet ./...
	step "tools module: go vet, go test" go_tools_module
	step "mcplint on the repository itself" go run ./cmd/mcplint ./...
	step "go test (all but the runtime and the examples)" go_test_without_race
	step "go test -race (runtime, examples)" go test -vet=off -race -count=1 ./runtime/... ./examples/...
	# The race detector changes what allocates, so the runtime's
	# allocation bounds skip under it; they run here, without it.
	step "the runtime's allocation bounds, without -race" go test -vet=off -count=1 -run 'Allocations$' ./runtime/mcpgo/resolve
	step "downloads (Node 22 and npm packages, Neovim, redis-server)" await downloads
	background redis redis_modules
	background conformance-mcpgo scripts/conformance.sh -server ./examples/conformance-mcpgo
	step "MCP conformance suite" scripts/conformance.sh
	step "tool builds (golangci-lint and gopls with mcplint)" await tools
	integrations
	step "MCP conformance suite on mcp-go" await conformance-mcpgo
	step "Redis store and scale benchmark modules: go vet; the store's go test with a real redis-server" await redis
	step "SARIF output against the SARIF 2.1.0 schema" scripts/test-sarif.sh
	step "benchmarks run once" benchmarks_once
	step "replicas under load with key rotation, small (scripts/bench-scale.sh)" env CLIENTS=10 CALLS=100 scripts/bench-scale.sh
fi

echo
if [ "$failed" -gt 0 ]; then
	printf 'failed: %s\n' "${failures[@]}"
fi
cpu=$(cpu_centis)
echo "checks: $passed passed, $failed failed ($((SECONDS - start_all)) s${cpu:+, $(((cpu + 50) / 100)) s CPU})"
[ "$failed" -eq 0 ]
