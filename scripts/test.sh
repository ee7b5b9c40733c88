#!/usr/bin/env bash
# Runs every check and test of mcplint. On a fresh machine it needs only Go
# (and, for the conformance suite, npm); whatever else it uses it installs
# into .cache/ (git-ignored) and reuses on later runs.
#
#   scripts/test.sh          everything
#   FUZZTIME=30s scripts/test.sh   fuzz each target longer
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime=${FUZZTIME:-5s}
passed=0
failed=0
failures=()

# step NAME CMD...: runs one check, and records whether it passed.
step() {
	local name=$1
	shift
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures+=("$name")
		echo "--- FAIL: $name"
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

# fuzz_briefly runs every fuzz target of the module for $fuzztime each.
fuzz_briefly() {
	local pkg target
	for pkg in $(go list ./...); do
		for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
			echo "fuzz $pkg $target"
			go test -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" "$pkg" || return 1
		done
	done
}

step "gofmt" gofmt_clean
step "go vet" go vet ./...
step "go test -race" go test -race -count=1 ./...
step "fuzz targets (${fuzztime} each)" fuzz_briefly
step "MCP conformance suite" scripts/conformance.sh
step "integrations (golangci-lint, gopls, neovim)" scripts/test-integrations.sh
step "SARIF output against the SARIF 2.1.0 schema" scripts/test-sarif.sh
step "benchmarks run once" go test -run='^$' -bench=. -benchtime=1x ./...
step "replicas under load with key rotation, small (scripts/bench-scale.sh)" env CLIENTS=10 CALLS=100 scripts/bench-scale.sh

echo
if [ "$failed" -gt 0 ]; then
	printf 'failed: %s\n' "${failures[@]}"
fi
echo "checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
