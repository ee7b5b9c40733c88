#!/usr/bin/env bash
# Builds golangci-lint with mcplint's module plugin compiled in, and copies
# the binary to OUT (cached in .cache/golangci-lint/ by a hash of the
# sources). The work is done by tools/cmd/buildtool; see its doc.
#
#   scripts/build-golangci-lint.sh OUT
#
# Environment: GOLANGCI_LINT_VERSION (default v2.15.0), GOTOOLCHAIN (default local).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ne 1 ]; then
	echo "usage: $0 OUT" >&2
	exit 2
fi
exec go -C "$root/tools" run -mod=mod ./cmd/buildtool golangci-lint "$(realpath -m "$1")"
