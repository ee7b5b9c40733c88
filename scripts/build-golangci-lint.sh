#!/usr/bin/env bash
# Builds golangci-lint with mcplint's module plugin compiled in, and copies
# the binary to OUT.
#
#   scripts/build-golangci-lint.sh OUT
#
# This is what `golangci-lint custom` does, without its git clone of
# golangci-lint (these machines cannot reach GitHub): a tiny main module in
# .cache/golangci-lint/ (git-ignored) calls
# github.com/golangci/golangci-lint/v2/pkg/commands.Execute, exactly like
# golangci-lint's own cmd/golangci-lint/main.go, and blank-imports
# github.com/mcplint/mcplint/golangci, with a replace of mcplint by this
# repository. Everything else comes from the Go module proxy (or the module
# cache: with GOPROXY=off it builds offline once the modules are cached).
#
# The binary is cached by a hash of the repository's Go sources, go.mod,
# go.sum, this script and the Go version, so a repeated run with nothing
# changed only copies it (the first build takes 75-140 s on 2 cores, the
# longer when the modules still have to be downloaded).
# Its version is 2.15.0-mcplint-HASH, which also keys golangci-lint's own
# result cache, so a rebuilt plugin never sees stale findings.
#
# Needs Go 1.26 or newer (the go directive of golangci-lint v2.15.0); the
# toolchain is the local one unless GOTOOLCHAIN says otherwise.
#
# Environment: GOLANGCI_LINT_VERSION (default v2.15.0), GOTOOLCHAIN (default local).
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: $0 OUT" >&2
	exit 2
fi
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
version=${GOLANGCI_LINT_VERSION:-v2.15.0}
cache=$root/.cache/golangci-lint
mkdir -p "$cache/bin"

export GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" GOTOOLCHAIN=${GOTOOLCHAIN:-local}

# shellcheck source=lib.sh
. "$root/scripts/lib.sh"
hash=$(mcplint_source_hash "$root" "$(cd "$root" && sha256sum scripts/build-golangci-lint.sh)" "golangci-lint $version")
bin=$cache/bin/golangci-lint-$hash

# One build at a time per repository.
exec 9>"$cache/lock"
flock 9

if [ ! -x "$bin" ]; then
	echo "building golangci-lint $version with mcplint (hash $hash)" >&2
	start=$SECONDS
	work=$(mktemp -d "$cache/build.XXXXXX")
	trap 'rm -rf "$work"' EXIT

	cat >"$work/go.mod" <<EOF
module mcplint.local/golangci-lint

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 $version
	github.com/mcplint/mcplint v0.0.0
)

replace github.com/mcplint/mcplint => $root
EOF
	cat >"$work/main.go" <<EOF
// Command golangci-lint is golangci-lint $version with mcplint's module
// plugin (linter "mcplint"), built by scripts/build-golangci-lint.sh.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/mcplint/mcplint/golangci"
)

func main() {
	info := commands.BuildInfo{
		Version:   "${version#v}-mcplint-$hash",
		Commit:    "(mcplint plugin, source hash $hash)",
		GoVersion: runtime.Version(),
		Date:      "(unknown)",
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
EOF
	(
		cd "$work"
		go mod tidy
		go build -ldflags='-s -w' -o "$work/golangci-lint" .
	)
	mv "$work/golangci-lint" "$bin"
	# Keep only this build.
	find "$cache/bin" -name 'golangci-lint-*' -not -name "golangci-lint-$hash" -delete
	echo "built golangci-lint in $((SECONDS - start)) s" >&2
fi

mkdir -p "$(dirname "$out")"
cp -f "$bin" "$out.tmp.$$"
mv -f "$out.tmp.$$" "$out"
