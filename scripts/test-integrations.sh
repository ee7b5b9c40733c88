#!/usr/bin/env bash
# Tests mcplint's integrations: the golangci-lint module plugin, a gopls
# with mcplint's analyzers, and an editor (Neovim's built-in LSP client)
# attached to that gopls: the integrations steps of scripts/test.sh, alone.
#
#   scripts/test-integrations.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec "$root/scripts/test.sh" integrations
