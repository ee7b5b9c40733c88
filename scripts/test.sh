#!/usr/bin/env bash
# Runs the checks and tests of mcplint. On a fresh machine it needs only Go,
# gcc and Node with npm; whatever else it uses it downloads into .cache/
# (git-ignored) and the Go caches, and reuses on later runs (the README
# lists every download). Nothing is installed outside them.
#
#   scripts/test.sh                  everything, as CI runs it
#   scripts/test.sh quick            gofmt, go vet, go test -short: the edit loop
#   FUZZTIME=30s scripts/test.sh     fuzz each target longer
#
# Each step prints its time. Race detection covers the packages where
# concurrency lives (the runtime and the examples, over real transports);
# the analyzers' tests, which analyze whole SDKs from source, run once
# without it. The go vet step checks every package and test once, so the
# go test steps run with -vet=off rather than vetting them again.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
case $mode in
all | quick) ;;
*)
	echo "usage: scripts/test.sh [quick]" >&2
	exit 2
	;;
esac

fuzztime=${FUZZTIME:-3s}
passed=0
failed=0
failures=()
start_all=$SECONDS

# step NAME CMD...: runs one check, records whether it passed and prints
# its time.
step() {
	local name=$1 start=$SECONDS
	shift
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
		echo "--- ok: $name ($((SECONDS - start)) s)"
	else
		failed=$((failed + 1))
		failures+=("$name")
		echo "--- FAIL: $name ($((SECONDS - start)) s)"
	fi
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

# fuzz_briefly runs every fuzz target of the module for $fuzztime each.
fuzz_briefly() {
	local dir target
	for dir in $(git grep -l '^func Fuzz' -- '*_test.go' | xargs -n1 dirname | sort -u); do
		for target in $(go test -list '^Fuzz' "./$dir" | grep '^Fuzz' || true); do
			echo "fuzz ./$dir $target"
			go test -vet=off -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" "./$dir" || return 1
		done
	done
}

# Slow steps that need no test result run in the background while the
# tests run: the tool builds (CPU) and the downloads (network). A later
# step awaits each; the scripts that use what they made find it in .cache/.
declare -A bg_pids=()

# background NAME CMD...: starts CMD (a command or an exported function)
# in a process group of its own, so that it can be ended as a whole, its
# output in .cache/logs/NAME.log.
background() {
	local name=$1
	shift
	mkdir -p .cache/logs
	setsid bash -c '"$@"' "$name" "$@" >".cache/logs/$name.log" 2>&1 &
	bg_pids[$name]=$!
}

# await NAME: waits for the background job NAME and prints its output
# (without the go command's download lines). If it failed, the step that
# uses its result tries again, and says why.
await() {
	local status=0
	wait "${bg_pids[$1]}" || status=$?
	unset "bg_pids[$1]"
	grep -v '^go: downloading ' ".cache/logs/$1.log" || true
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
	scripts/conformance.sh install && scripts/test-sarif.sh install && scripts/install-neovim.sh
}
export -f build_tools download_tools

step "gofmt" gofmt_clean
if [ "$mode" = quick ]; then
	step "go vet" go vet ./...
	step "go test -short" go test -short ./...
else
	step "download modules (the repository's and the test cases')" download_modules
	background tools build_tools
	background downloads download_tools
	step "go vet" go vet ./...
	step "mcplint on the repository itself" go run ./cmd/mcplint ./...
	step "go test" go test -vet=off -count=1 ./...
	step "go test -race (runtime, examples)" go test -vet=off -race -count=1 ./runtime/... ./examples/...
	step "fuzz targets (${fuzztime} each)" fuzz_briefly
	step "downloads (Node 22 and npm packages, Neovim)" await downloads
	step "MCP conformance suite" scripts/conformance.sh
	step "tool builds (golangci-lint and gopls with mcplint)" await tools
	step "integrations (golangci-lint, gopls, Neovim)" scripts/test-integrations.sh
	step "SARIF output against the SARIF 2.1.0 schema" scripts/test-sarif.sh
	step "benchmarks run once" go test -vet=off -run='^$' -bench=. -benchtime=1x ./...
	step "replicas under load with key rotation, small (scripts/bench-scale.sh)" env CLIENTS=10 CALLS=100 scripts/bench-scale.sh
fi

echo
if [ "$failed" -gt 0 ]; then
	printf 'failed: %s\n' "${failures[@]}"
fi
echo "checks: $passed passed, $failed failed ($((SECONDS - start_all)) s)"
[ "$failed" -eq 0 ]
