#!/usr/bin/env bash
# Runs a resolver tool on three replica processes with a shared
# MCPLINT_STATE_KEYS behind a round-robin reverse proxy (its own process),
# drives concurrent go-sdk clients through complete three-round calls while
# the key ring is rotated by restarting the replicas one at a time, and runs
# the same tool written with Session.Elicit on 2025-11-25 sessions next to
# it; then single use three ways (off, in each replica's memory, in one
# redis-server they share, Debian's package unpacked into .cache/redis/),
# replaying every confirmed call on every replica, and stopping Redis under
# load. Everything listens on loopback. Fails if any call fails, or if a
# replay or a call during the outage runs the handler with Redis.
#
#   scripts/bench-scale.sh                       50 clients, 1000 calls each way
#   CLIENTS=10 CALLS=100 scripts/bench-scale.sh  the small run of scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
export MCPLINT_REDIS_SERVER=${MCPLINT_REDIS_SERVER:-$(go run -C tools ./cmd/installredis)}
go build -C tools/scalebench -o "$bin/scalebench" .
"$bin/scalebench" -clients "${CLIENTS:-50}" -calls "${CALLS:-1000}"
