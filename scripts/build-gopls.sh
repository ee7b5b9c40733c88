#!/usr/bin/env bash
# Builds gopls with mcplint's analyzers compiled in, and copies the binary
# to OUT.
#
#   scripts/build-gopls.sh OUT
#
# gopls cannot load third-party analyzers (golang/go#59869); its
# maintainers' advice is to rebuild it. This script copies gopls's module
# source from the Go module proxy (go mod download) into .cache/gopls/
# (git-ignored), adds one file to its internal/settings package that
# appends mcplint's analyzers (analyzers.All) to settings.AllAnalyzers,
# requires github.com/mcplint/mcplint with a replace by this repository,
# and builds. gopls keeps its own golang.org/x/tools pin, which is newer
# than mcplint's; nothing of gopls is committed.
#
# The binary is cached by a hash of the repository's Go sources, go.mod,
# go.sum, this script and the Go version, so a repeated run with nothing
# changed only copies it (the first build takes about 30-90 s on 2 cores).
# Its version (gopls version) is v0.23.0+mcplint.HASH: semver build
# metadata, so that editors do not take it for an older gopls.
#
# The analyzers' flags are read, when gopls starts, from the environment
# variable MCPLINT_FLAGS, written as on mcplint's command line:
#   MCPLINT_FLAGS='-resolvegraph.budget=5'
# gopls caches analysis results by analyzer name, so a gopls whose flags
# differ from the defaults uses a cache directory of its own,
# $GOPLSCACHE/gopls-mcplint-HASH (by default under the user's cache
# directory). Each analyzer can be turned off like any gopls analyzer, with
# the gopls setting "analyses": {"resolvemix": false}.
#
# Needs Go 1.26 or newer (the go directive of gopls v0.23.0); the
# toolchain is the local one unless GOTOOLCHAIN says otherwise.
#
# Environment: GOPLS_VERSION (default v0.23.0), GOTOOLCHAIN (default local).
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: $0 OUT" >&2
	exit 2
fi
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
version=${GOPLS_VERSION:-v0.23.0}
cache=$root/.cache/gopls
mkdir -p "$cache/bin"

export GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" GOTOOLCHAIN=${GOTOOLCHAIN:-local}

# shellcheck source=lib.sh
. "$root/scripts/lib.sh"
hash=$(mcplint_source_hash "$root" "$(cd "$root" && sha256sum scripts/build-gopls.sh)" "gopls $version")
bin=$cache/bin/gopls-$hash

# One build at a time per repository.
exec 9>"$cache/lock"
flock 9

if [ ! -x "$bin" ]; then
	echo "building gopls $version with mcplint (hash $hash)" >&2
	start=$SECONDS
	work=$(mktemp -d "$cache/build.XXXXXX")
	trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

	src=$(cd "$work" && go mod download -json "golang.org/x/tools/gopls@$version" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
	if [ -z "$src" ] || [ ! -f "$src/go.mod" ]; then
		echo "go mod download golang.org/x/tools/gopls@$version: no source directory" >&2
		exit 1
	fi
	cp -R "$src" "$work/gopls"
	chmod -R u+w "$work/gopls"
	settings=$work/gopls/internal/settings
	if ! grep -q '^var AllAnalyzers = ' "$settings/analysis.go"; then
		echo "gopls $version: internal/settings has no 'var AllAnalyzers', the hook this script uses" >&2
		exit 1
	fi

	cat >"$settings/zz_mcplint.go" <<'EOF'
// This file is not part of gopls: scripts/build-gopls.sh of
// github.com/mcplint/mcplint adds it to build a gopls that runs mcplint's
// analyzers.

package settings

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	mcplint "github.com/mcplint/mcplint/analyzers"
)

// init runs after the package-level AllAnalyzers is initialized, and before
// any session reads it.
func init() {
	as := mcplint.All()
	if args := os.Getenv("MCPLINT_FLAGS"); args != "" {
		if err := setMcplintFlags(as, args); err != nil {
			log.Printf("mcplint: MCPLINT_FLAGS: %v", err)
		}
	}
	// gopls's analysis cache keys results by analyzer name, not by flag
	// values: analyzers with flags other than the defaults get a cache
	// directory of their own (see gopls/internal/filecache).
	if key := mcplintFlagsKey(as); key != "" {
		base := os.Getenv("GOPLSCACHE")
		if base == "" {
			var err error
			if base, err = os.UserCacheDir(); err != nil {
				base = os.TempDir()
			}
		}
		os.Setenv("GOPLSCACHE", filepath.Join(base, "gopls-mcplint-"+key))
	}
	for _, a := range as {
		for _, b := range AllAnalyzers {
			if b.Analyzer().Name == a.Name {
				log.Fatalf("mcplint: gopls already has an analyzer named %q", a.Name)
			}
		}
		AllAnalyzers = append(AllAnalyzers, &Analyzer{analyzer: a})
	}
}

// mcplintFlagsKey returns a hash of the flags that differ from their
// defaults, or "" if none does.
func mcplintFlagsKey(as []*analysis.Analyzer) string {
	h := sha256.New()
	changed := false
	for _, a := range as {
		a.Flags.VisitAll(func(f *flag.Flag) {
			if v := f.Value.String(); v != f.DefValue {
				changed = true
				fmt.Fprintf(h, "%s.%s=%q\n", a.Name, f.Name, v)
			}
		})
	}
	if !changed {
		return ""
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:6])
}

// setMcplintFlags sets the analyzers' flags from a command line such as
// "-resolvegraph.budget=5 -statereach.verifiers=example.com/auth.Check".
func setMcplintFlags(as []*analysis.Analyzer, args string) error {
	fs := flag.NewFlagSet("MCPLINT_FLAGS", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, a := range as {
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	if err := fs.Parse(strings.Fields(args)); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("not a flag: %q", fs.Arg(0))
	}
	return nil
}
EOF
	(
		cd "$work/gopls"
		go mod edit -require=github.com/mcplint/mcplint@v0.0.0 -replace="github.com/mcplint/mcplint=$root"
		go mod tidy
		# gopls must keep its own golang.org/x/tools: mcplint's must not be newer.
		want=$(awk '$1 == "golang.org/x/tools" { print $2 }' "$src/go.mod")
		got=$(go list -m -f '{{.Version}}' golang.org/x/tools)
		if [ -n "$want" ] && [ "$got" != "$want" ]; then
			echo "gopls $version pins golang.org/x/tools $want, but the build selects $got:" >&2
			echo "mcplint's go.mod requires a newer golang.org/x/tools than gopls can build with" >&2
			exit 1
		fi
		go build -ldflags="-s -w -X main.version=$version+mcplint.$hash" \
			-o "$work/gopls.bin" .
	)
	mv "$work/gopls.bin" "$bin"
	find "$cache/bin" -name 'gopls-*' -not -name "gopls-$hash" -delete
	echo "built gopls in $((SECONDS - start)) s" >&2
fi

mkdir -p "$(dirname "$out")"
cp -f "$bin" "$out.tmp.$$"
mv -f "$out.tmp.$$" "$out"
