#!/usr/bin/env bash
# Measures what mcplint adds to a go vet run against the floor a vet tool
# pays, on go-sdk, mcp-go and generated corpora (tools/cmd/benchlint; see
# its doc and docs/performance.md).
#
#   scripts/bench-lint.sh                  5 alternating runs of each tool
#   RUNS=9 SCALE="10 100 1000" scripts/bench-lint.sh
#   SCALE="" scripts/bench-lint.sh         the SDK corpora only, no generated ones
#   INSTRUCTIONS=1 scripts/bench-lint.sh   instructions under callgrind (valgrind),
#                                          one run of each tool: for a loaded machine
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec go -C "$root/tools" run -mod=mod ./cmd/benchlint "$@"
