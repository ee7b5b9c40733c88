#!/usr/bin/env bash
# Measures what the resolver runtime costs against hand-written go-sdk and
# mcp-go handlers doing the same work, in one run, and prints the medians and
# ratios (tools/cmd/benchruntime; see its doc and docs/performance.md).
#
#   scripts/bench-runtime.sh            5 runs of each benchmark
#   COUNT=10 BENCHTIME=2000x scripts/bench-runtime.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec go -C "$root/tools" run -mod=mod ./cmd/benchruntime "$@"
