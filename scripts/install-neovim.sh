#!/usr/bin/env bash
# Makes Neovim available without installing it (Debian's packages unpacked
# into .cache/neovim/) and prints the path of nvim; the one on PATH if
# there is one (tools/cmd/installneovim; see its doc).
#
#   scripts/install-neovim.sh        # -> .../.cache/neovim/VERSION/nvim
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec go -C "$root/tools" run -mod=mod ./cmd/installneovim
