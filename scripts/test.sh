#!/usr/bin/env bash
# Runs the checks and tests of mcplint (CI runs this on a clean clone). On
# a fresh machine it needs only Go, gcc and Node with npm; whatever else it
# uses it downloads into .cache/ (git-ignored) and the Go caches, and reuses
# on later runs (the README lists every download).
#
#   scripts/test.sh                  everything, as CI runs it
#   scripts/test.sh quick            gofmt, go vet, go test -short: the edit loop
#   scripts/test.sh integrations     the integrations only (golangci-lint, gopls,
#                                    Neovim): what scripts/test-integrations.sh runs
#   scripts/test.sh fuzz             fuzz each fuzz target for $FUZZTIME (30s)
#
# The steps, and why each runs as it does, are tools/cmd/testall's (see its
# doc); this script builds that command and hands over to it.
set -euo pipefail
cd "$(dirname "$0")/.."
go -C tools build -mod=mod -o ../.cache/bin/testall ./cmd/testall
exec .cache/bin/testall "$@"
