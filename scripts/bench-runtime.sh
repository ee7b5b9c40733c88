#!/usr/bin/env bash
# Measures what the resolver runtime costs against hand-written go-sdk
# handlers doing the same work, in one run, and prints the ratios.
#
#   scripts/bench-runtime.sh            5 runs of each benchmark
#   COUNT=10 BENCHTIME=2000x scripts/bench-runtime.sh
#
# Each top-level benchmark runs its variants back to back (resolvers,
# handwritten, resolvers, handwritten, ...), so both see the same machine
# load; the ratios use medians.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-5}
benchtime=${BENCHTIME:-500x}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

go test -run='^$' -bench='ThreeRounds|FivePlainResolvers|ResolverCount|StateSize' -benchmem \
	-count="$count" -benchtime="$benchtime" ./runtime/resolve | tee "$out"
go test -run='^$' -bench='SealOpen' -benchmem -count="$count" ./runtime/seal | tee -a "$out"

echo
# medians NAME NS ALLOCS STATEBYTES, one line per benchmark.
medians=$(awk '
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 2; i < NF; i++) {
		if ($(i+1) == "ns/op") times[name] = times[name] " " $i
		if ($(i+1) == "allocs/op") allocs[name] = $i
		if ($(i+1) == "state-bytes") bytes[name] = $i
	}
}
END {
	for (name in times) {
		n = split(substr(times[name], 2), v, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
		printf "%s %.0f %s %s\n", name, m, allocs[name], (name in bytes) ? bytes[name] : "-"
	}
}' "$out" | sort)

printf '%-55s %12s %10s %12s\n' "benchmark (median)" "ns/op" "allocs/op" "state bytes"
echo "$medians" | awk '{ printf "%-55s %12s %10s %12s\n", $1, $2, $3, $4 }'
echo
echo "$medians" | awk '
{ ns[$1] = $2 }
END {
	r1 = ns["BenchmarkResolverCount/resolvers=1"]; r10 = ns["BenchmarkResolverCount/resolvers=10"]; r100 = ns["BenchmarkResolverCount/resolvers=100"]
	printf "per-resolver cost: 1->10: %.0f ns/resolver, 10->100: %.0f ns/resolver\n", (r10 - r1) / 9, (r100 - r10) / 90
	printf "runtime ratio five-plain resolvers/handwritten: %.2f (target <= 1.10)\n", ns["BenchmarkFivePlainResolvers/impl=resolvers"] / ns["BenchmarkFivePlainResolvers/impl=handwritten"]
	printf "runtime ratio three-rounds sealed-resolvers/handwritten-plaintext: %.2f (target <= 1.25)\n", ns["BenchmarkThreeRounds/impl=resolvers"] / ns["BenchmarkThreeRounds/impl=handwritten"]
}'
