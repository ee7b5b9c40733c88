#!/usr/bin/env bash
# Measures what mcplint adds to a go vet run, against the floor that any vet
# tool pays (internal/noopvet: one analyzer that requires the inspector and
# returns at once), on the module sources of go-sdk v1.8.0 and mcp-go
# v1.2.1, and on generated corpora of N resolver-tool packages.
#
#   scripts/bench-lint.sh                  5 alternating runs of each tool
#   RUNS=9 SCALE="10 100 1000" scripts/bench-lint.sh
#
# The go vet result cache is defeated the same way for both tools: each is
# called through a wrapper that answers go vet's "-V=full" question with a
# fresh build ID on every run, so every vet action misses the cache while
# the compiled dependencies stay cached for both. Runs alternate
# (mcplint, noop, mcplint, noop, ...) so both see the same machine load.
# The last line is "lint ratio mcplint/noop: X.XX" for go-sdk.
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

# wrap NAME: a vet tool wrapper whose build ID changes on every run.
wrap() {
	cat >"$work/bin/$1-fresh" <<EOT
#!/usr/bin/env bash
if [ "\${1:-}" = "-V=full" ]; then
	echo "$1-fresh version devel fresh buildID=\$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
	exit 0
fi
exec "$work/bin/$1" "\$@"
EOT
	chmod +x "$work/bin/$1-fresh"
}
wrap mcplint
wrap noopvet

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

# vet_pair DIR: alternating go vet runs; prints "MEDIAN_MCPLINT MEDIAN_NOOP".
vet_pair() {
	local dir=$1 a="" b="" i
	# Warm the build cache (compiled dependencies) for both.
	time_ms "$dir" go vet -vettool="$work/bin/noopvet-fresh" ./... >/dev/null
	for i in $(seq 1 "$runs"); do
		a="$a $(time_ms "$dir" go vet -vettool="$work/bin/mcplint-fresh" ./...)"
		b="$b $(time_ms "$dir" go vet -vettool="$work/bin/noopvet-fresh" ./...)"
	done
	echo "$(echo "$a" | median) $(echo "$b" | median)"
}

sdk=$(corpus github.com/modelcontextprotocol/go-sdk@v1.8.0)
mcpgo=$(corpus github.com/mark3labs/mcp-go@v1.2.1)

echo
echo "== go vet -vettool, median of $runs alternating runs (ms)"
printf '%-28s %10s %10s %8s\n' corpus mcplint noop ratio
read -r sdk_a sdk_b < <(vet_pair "$sdk")
read -r mg_a mg_b < <(vet_pair "$mcpgo")
printf '%-28s %10s %10s %8.2f\n' "go-sdk v1.8.0" "$sdk_a" "$sdk_b" "$(echo "$sdk_a $sdk_b" | awk '{ print $1 / $2 }')"
printf '%-28s %10s %10s %8.2f\n' "mcp-go v1.2.1" "$mg_a" "$mg_b" "$(echo "$mg_a $mg_b" | awk '{ print $1 / $2 }')"

echo
echo "== reference: standalone mcplint ./... against staticcheck v0.8.2, median of $runs runs (ms)"
printf '%-28s %10s %12s\n' corpus mcplint staticcheck
for dir in "$sdk" "$mcpgo"; do
	a="" b=""
	for i in $(seq 1 "$runs"); do
		a="$a $(time_ms "$dir" "$work/bin/mcplint" ./...)"
		b="$b $(STATICCHECK_CACHE=$(mktemp -d) time_ms "$dir" "$work/bin/staticcheck" ./...)"
	done
	printf '%-28s %10s %12s\n' "$(basename "$dir")" "$(echo "$a" | median)" "$(echo "$b" | median)"
done

echo
echo "== scaling: generated corpora of N resolver-tool packages, median of $runs runs (ms)"
printf '%8s %10s %10s %12s %14s\n' N mcplint noop "over floor" "per package"
for n in $scale; do
	dir=$(generated "$n")
	read -r a b < <(vet_pair "$dir")
	printf '%8s %10s %10s %12s %14.2f\n' "$n" "$a" "$b" $((a - b)) "$(echo "$a $b $n" | awk '{ print ($1 - $2) / $3 }')"
done

echo
printf 'lint ratio mcplint/noop: %.2f\n' "$(echo "$sdk_a $sdk_b" | awk '{ print $1 / $2 }')"
