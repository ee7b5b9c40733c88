#!/usr/bin/env bash
# Tests mcplint's integrations: the golangci-lint module plugin, a gopls
# with mcplint's analyzers, and an editor (Neovim's built-in LSP client)
# attached to that gopls.
#
#   scripts/test-integrations.sh
#
# It builds golangci-lint and gopls with mcplint (scripts/build-*.sh; the
# first build takes 2-3 minutes on 2 cores, later runs reuse the binaries
# cached in .cache/ until a Go source, go.mod or go.sum changes), finds
# nvim on PATH or unpacks Debian's neovim into .cache/ without installing
# it (scripts/install-neovim.sh), runs the plugin's
# unit tests, and then the tests of ./integration against the test case
# testdata/integrations/server, offline (GOPROXY=off) from the module
# cache, and against go-sdk v1.8.0's own module in place (TestInPlace; its
# requirements are downloaded through the proxy once). The last line is
# "integrations: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bin=$root/.cache/bin

passed=0
failed=0
skipped=0
failures=()
skips=()

# step NAME CMD...: runs one check, and records whether it passed.
step() {
	local name=$1 start=$SECONDS
	shift
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
		echo "--- ok: $name ($((SECONDS - start)) s)"
		return 0
	fi
	failed=$((failed + 1))
	failures+=("$name")
	echo "--- FAIL: $name ($((SECONDS - start)) s)"
	return 1
}

# find_neovim puts the path of nvim in $nvim: the one on PATH, or
# Debian's package unpacked into .cache/ (scripts/install-neovim.sh).
nvim=
find_neovim() {
	nvim=$(scripts/install-neovim.sh) && "$nvim" --version | head -1
}

env_args=()
if step "build golangci-lint with mcplint" scripts/build-golangci-lint.sh "$bin/golangci-lint"; then
	env_args+=("MCPLINT_GOLANGCI_LINT=$bin/golangci-lint")
fi
if step "build gopls with mcplint" scripts/build-gopls.sh "$bin/gopls"; then
	env_args+=("MCPLINT_GOPLS=$bin/gopls")
fi
if step "Neovim" find_neovim; then
	env_args+=("MCPLINT_NVIM=$nvim")
fi
step "golangci-lint plugin unit tests" go test -count=1 ./golangci

# Each top-level test of ./integration counts as one integration.
echo "=== go test ./integration"
log=$(mktemp)
start=$SECONDS
env "${env_args[@]}" go test -count=1 -timeout=15m -v ./integration 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
while read -r verdict name; do
	case $verdict in
	PASS:) passed=$((passed + 1)) ;;
	FAIL:)
		failed=$((failed + 1))
		failures+=("$name")
		;;
	SKIP:)
		skipped=$((skipped + 1))
		skips+=("$name")
		;;
	esac
done < <(sed -n 's/^--- \(PASS:\|FAIL:\|SKIP:\) \([^ ]*\).*/\1 \2/p' "$log")
if [ "$code" -ne 0 ] && ! grep -q '^--- FAIL:' "$log"; then
	failed=$((failed + 1))
	failures+=("go test ./integration (exit code $code)")
fi
rm -f "$log"
echo "--- go test ./integration ($((SECONDS - start)) s)"

echo
if [ "$skipped" -gt 0 ]; then
	printf 'skipped: %s (see its SKIP message above)\n' "${skips[@]}"
fi
if [ "$failed" -gt 0 ]; then
	printf 'failed: %s\n' "${failures[@]}"
fi
echo "integrations: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
