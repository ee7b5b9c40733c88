#!/usr/bin/env bash
# Runs a resolver tool on three replica processes with a shared
# MCPLINT_STATE_KEYS behind a round-robin reverse proxy (its own process),
# drives concurrent go-sdk clients through complete three-round calls while
# the key ring is rotated by restarting the replicas one at a time, and runs
# the same tool written with Session.Elicit on 2025-11-25 sessions next to
# it. Everything listens on loopback. Fails if any call fails.
#
#   scripts/bench-scale.sh                       50 clients, 1000 calls each way
#   CLIENTS=10 CALLS=100 scripts/bench-scale.sh  the small run of scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/scalebench" ./internal/scalebench
"$bin/scalebench" -clients "${CLIENTS:-50}" -calls "${CALLS:-1000}"
