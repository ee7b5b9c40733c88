#!/usr/bin/env bash
# Runs the official MCP conformance suite's input-required-result-* server
# scenarios (SEP-2322) against examples/conformance-server, installing
# Node 22 and the suite into .cache/conformance/ on the first run
# (tools/cmd/conformance; see its doc).
#
#   scripts/conformance.sh                      run the scenarios
#   scripts/conformance.sh install              only install
#   scripts/conformance.sh -server ./PACKAGE    against another server
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec go -C "$root/tools" run -mod=mod ./cmd/conformance "$@"
