#!/usr/bin/env bash
# Builds gopls with mcplint's analyzers compiled in, and copies the binary
# to OUT (cached in .cache/gopls/ by a hash of the sources). The work is
# done by tools/cmd/buildtool; see its doc (and docs/editors.md) for how
# the analyzers' flags reach that gopls (MCPLINT_FLAGS).
#
#   scripts/build-gopls.sh OUT
#
# Environment: GOPLS_VERSION (default v0.24.0, built with GOTOOLCHAIN=go1.27.3;
# v0.23.0 builds with the local Go), GOTOOLCHAIN (overrides that choice).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ne 1 ]; then
	echo "usage: $0 OUT" >&2
	exit 2
fi
exec go -C "$root/tools" run -mod=mod ./cmd/buildtool gopls "$(realpath -m "$1")"
