#!/usr/bin/env bash
# Checks mcplint's -sarif output against the SARIF 2.1.0 JSON schema,
# fetching the schema into .cache/sarif/ on the first run
# (tools/cmd/sarifcheck; see its doc).
#
#   scripts/test-sarif.sh              check
#   scripts/test-sarif.sh install      only fetch the schema
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec go -C "$root/tools" run -mod=mod ./cmd/sarifcheck "$@"
