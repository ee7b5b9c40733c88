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
# without it.
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

fuzztime=${FUZZTIME:-5s}
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
			go test -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" "./$dir" || return 1
		done
	done
}

# The tool builds (golangci-lint and gopls with mcplint inside, Neovim)
# start in the background while the tests run; the integrations step
# finds them cached in .cache/ (or waits for them: the builds take a lock).
tools_pid=
start_tools() {
	mkdir -p .cache
	# In a process group of its own, so that stop_tools can end the builds.
	setsid bash -c 'scripts/build-golangci-lint.sh .cache/bin/golangci-lint &&
		scripts/build-gopls.sh .cache/bin/gopls && scripts/install-neovim.sh' >.cache/tools.log 2>&1 &
	tools_pid=$!
}
stop_tools() {
	if [ -n "$tools_pid" ]; then
		kill -- "-$tools_pid" 2>/dev/null || true
		wait "$tools_pid" 2>/dev/null || true
	fi
}
trap stop_tools EXIT

step "gofmt" gofmt_clean
if [ "$mode" = quick ]; then
	step "go vet" go vet ./...
	step "go test -short" go test -short ./...
else
	step "download modules (the repository's and the test cases')" download_modules
	start_tools
	step "go vet" go vet ./...
	step "go test" go test -count=1 ./...
	step "go test -race (runtime, examples)" go test -race -count=1 ./runtime/... ./examples/...
	step "fuzz targets (${fuzztime} each)" fuzz_briefly
	step "MCP conformance suite" scripts/conformance.sh
	step "integrations (golangci-lint, gopls, Neovim)" scripts/test-integrations.sh
	step "SARIF output against the SARIF 2.1.0 schema" scripts/test-sarif.sh
	step "benchmarks run once" go test -run='^$' -bench=. -benchtime=1x ./...
	step "replicas under load with key rotation, small (scripts/bench-scale.sh)" env CLIENTS=10 CALLS=100 scripts/bench-scale.sh
fi

echo
if [ "$failed" -gt 0 ]; then
	printf 'failed: %s\n' "${failures[@]}"
fi
echo "checks: $passed passed, $failed failed ($((SECONDS - start_all)) s)"
[ "$failed" -eq 0 ]
