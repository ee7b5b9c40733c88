#!/usr/bin/env bash
# Measures what mcplint adds to a go vet run, against the floor that a vet
# tool pays (internal/noopvet: one analyzer that requires the inspector and
# returns at once), on the module sources of go-sdk v1.8.0 and mcp-go
# v1.2.1, and on generated corpora of N resolver-tool packages.
#
# mcplint's analyzers reason across packages with facts, so go vet runs it
# on every dependency of the packages named (the standard library
# included), as it does for any vet tool with facts. The floor is therefore
# noopvet with a fact type (noop+facts); the table also shows noopvet
# without one, so the price of fact plumbing itself is visible.
#
#   scripts/bench-lint.sh                  5 alternating runs of each tool
#   RUNS=9 SCALE="10 100 1000" scripts/bench-lint.sh
#
# The go vet result cache is defeated the same way for every tool: each is
# called through a wrapper that answers go vet's "-V=full" question with a
# fresh build ID on every run, so every vet action misses the cache while
# the compiled dependencies stay cached for all. Runs alternate
# (mcplint, noop+facts, noop, mcplint, ...) so all see the same machine
# load. The last line is "lint ratio mcplint/noop: X.XX" for go-sdk, against
# the noop+facts floor.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=${RUNS:-5}
scale=${SCALE:-10 100 1000}
work=$root/.cache/bench-lint
mkdir -p "$work/bin"

echo "== building mcplint, noopvet and staticcheck v0.8.2"
go build -o "$work/bin/mcplint" ./cmd/mcplint
go build -o "$work/bin/noopvet" ./internal/noopvet
GOBIN=$work/bin go install honnef.co/go/tools/cmd/staticcheck@v0.8.2

# wrap NAME TOOL [ENV]: a vet tool wrapper whose build ID changes on every
# run, so that go vet never reuses a cached result.
wrap() {
	cat >"$work/bin/$1-fresh" <<EOT
#!/usr/bin/env bash
if [ "\${1:-}" = "-V=full" ]; then
	echo "$1-fresh version devel fresh buildID=\$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
	exit 0
fi
${3:-} exec "$work/bin/$2" "\$@"
EOT
	chmod +x "$work/bin/$1-fresh"
}
wrap mcplint mcplint
wrap noop noopvet
wrap noopfacts noopvet "NOOPVET_FACTS=1"

# corpus MODULE@VERSION: a writable copy of a module's source, with its
# dependencies downloaded, so that it builds offline.
corpus() {
	local dir=$work/corpus/${1//[@\/]/_}
	if [ ! -f "$dir/.ready" ]; then
		local src
		src=$(go mod download -json "$1" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
		rm -rf "$dir" && mkdir -p "$dir"
		cp -R "$src/." "$dir" && chmod -R u+w "$dir"
		(cd "$dir" && go mod download && go build ./... >/dev/null)
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# generated N: a module of N packages, each with a resolver tool.
generated() {
	local n=$1 dir=$work/generated/n$1
	if [ ! -f "$dir/.ready" ]; then
		rm -rf "$dir" && mkdir -p "$dir"
		sed -e '/^module /c\module example.com/generated' "$root/go.mod" >"$dir/go.mod"
		echo "replace github.com/mcplint/mcplint => $root" >>"$dir/go.mod"
		printf 'require github.com/mcplint/mcplint v0.0.0\n' >>"$dir/go.mod"
		cp "$root/go.sum" "$dir/go.sum"
		for i in $(seq 1 "$n"); do
			mkdir -p "$dir/p$i"
			sed "s/package bookstore/package p$i/" "$root/scripts/testdata/resolvertool.go.txt" >"$dir/p$i/tool.go"
		done
		(cd "$dir" && go mod tidy >/dev/null 2>&1 && go build ./... >/dev/null)
		touch "$dir/.ready"
	fi
	echo "$dir"
}

now() { date +%s%N; }

# time_ms DIR CMD...: wall time of CMD in DIR, in milliseconds. Findings
# (a non-zero exit from the linters) are expected and ignored.
time_ms() {
	local dir=$1 start
	shift
	start=$(now)
	(cd "$dir" && "$@" >/dev/null 2>&1) || true
	echo $((($(now) - start) / 1000000))
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# vet_runs DIR: alternating go vet runs of mcplint, the floor with facts and
# the floor without; prints the three medians.
vet_runs() {
	local dir=$1 a="" b="" c="" i
	# Warm the build cache (compiled dependencies) for all three.
	time_ms "$dir" go vet -vettool="$work/bin/noopfacts-fresh" ./... >/dev/null
	for i in $(seq 1 "$runs"); do
		a="$a $(time_ms "$dir" go vet -vettool="$work/bin/mcplint-fresh" ./...)"
		b="$b $(time_ms "$dir" go vet -vettool="$work/bin/noopfacts-fresh" ./...)"
		c="$c $(time_ms "$dir" go vet -vettool="$work/bin/noop-fresh" ./...)"
	done
	echo "$(echo "$a" | median) $(echo "$b" | median) $(echo "$c" | median)"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

sdk=$(corpus github.com/modelcontextprotocol/go-sdk@v1.8.0)
mcpgo=$(corpus github.com/mark3labs/mcp-go@v1.2.1)

echo
echo "== go vet -vettool, median of $runs alternating runs (ms)"
echo "   noop+facts: the floor for a vet tool with facts (go vet then analyzes every dependency);"
echo "   noop: the floor without facts"
printf '%-16s %10s %12s %10s %14s %12s\n' corpus mcplint noop+facts noop "mcplint/floor" "facts/noop"
read -r sdk_a sdk_b sdk_c < <(vet_runs "$sdk")
read -r mg_a mg_b mg_c < <(vet_runs "$mcpgo")
printf '%-16s %10s %12s %10s %14s %12s\n' "go-sdk v1.8.0" "$sdk_a" "$sdk_b" "$sdk_c" "$(ratio "$sdk_a" "$sdk_b")" "$(ratio "$sdk_b" "$sdk_c")"
printf '%-16s %10s %12s %10s %14s %12s\n' "mcp-go v1.2.1" "$mg_a" "$mg_b" "$mg_c" "$(ratio "$mg_a" "$mg_b")" "$(ratio "$mg_b" "$mg_c")"

echo
echo "== reference: standalone mcplint ./... against staticcheck v0.8.2, median of $runs runs (ms)"
printf '%-16s %10s %12s\n' corpus mcplint staticcheck
for dir in "$sdk" "$mcpgo"; do
	a="" b=""
	for i in $(seq 1 "$runs"); do
		a="$a $(time_ms "$dir" "$work/bin/mcplint" ./...)"
		b="$b $(STATICCHECK_CACHE=$(mktemp -d) time_ms "$dir" "$work/bin/staticcheck" ./...)"
	done
	printf '%-16s %10s %12s\n' "$(basename "$dir" | sed 's/.*_\([^_]*\)_\(v[0-9.]*\)$/\1 \2/')" "$(echo "$a" | median)" "$(echo "$b" | median)"
done

echo
echo "== scaling: generated corpora of N resolver-tool packages, median of $runs runs (ms)"
printf '%8s %10s %12s %12s %14s\n' N mcplint noop+facts "over floor" "per package"
for n in $scale; do
	dir=$(generated "$n")
	read -r a b _ < <(vet_runs "$dir")
	printf '%8s %10s %12s %12s %14.2f\n' "$n" "$a" "$b" $((a - b)) "$(awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { print (a - b) / n }')"
done

echo
echo "lint ratio mcplint/noop: $(ratio "$sdk_a" "$sdk_b")"
