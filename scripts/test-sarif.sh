#!/usr/bin/env bash
# Checks mcplint's -sarif output against the SARIF 2.1.0 JSON schema.
#
# The schema and its validator come from the npm registry: the package
# @microsoft/jest-sarif ships the SARIF 2.1.0 schema, and ajv (its
# dependency) validates against it. Both are installed once into
# .cache/sarif/ (git-ignored) and reused; with the argument "install" the
# script only installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=$root/.cache/sarif
pkg=@microsoft/jest-sarif@1.0.0-beta.0
# npm's own cache and logs stay in .cache/ too.
export npm_config_cache=$root/.cache/npm

if [ ! -f "$cache/ready" ]; then
	echo "sarif: installing $pkg (the SARIF 2.1.0 schema, and ajv)"
	rm -rf "$cache.tmp" && mkdir -p "$cache.tmp"
	npm install --prefix "$cache.tmp" --no-audit --no-fund --ignore-scripts --loglevel=error "$pkg" >/dev/null
	rm -rf "$cache" && mv "$cache.tmp" "$cache" && touch "$cache/ready"
fi
if [ "${1:-}" = install ]; then
	exit 0
fi
schema=$(ls "$cache"/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0*.json | head -1)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mcplint" ./cmd/mcplint
# The cmd test module has findings of every analyzer.
(cd testdata/src/cmd && GOFLAGS=-mod=mod GOWORK=off "$work/mcplint" -sarif ./... >"$work/out.sarif")

NODE_PATH=$cache/node_modules node - "$schema" "$work/out.sarif" <<'EOJS'
const fs = require('fs');
const Ajv = require('ajv');
const [schemaPath, logPath] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const log = JSON.parse(fs.readFileSync(logPath, 'utf8'));
let passed = 0, failed = 0;
function check(name, ok, detail) {
	if (ok) { passed++; console.log(`ok    ${name}`); }
	else { failed++; console.log(`FAIL  ${name}${detail ? ': ' + detail : ''}`); }
}
// The schema is draft-04, which ajv 6 knows once given its meta-schema.
const ajv = new Ajv({ allErrors: true, schemaId: 'auto' });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(schema);
check('valid against the SARIF 2.1.0 schema', validate(log), ajv.errorsText(validate.errors));
const run = log.runs[0];
const rules = run.tool.driver.rules.map(r => r.id);
check('rules are the four analyzers', ['resolvegraph', 'resolvemix', 'elicitbase', 'statereach'].every(id => rules.includes(id)), rules.join(','));
check('every rule has a help URI into docs/checks', run.tool.driver.rules.every(r => /docs\/checks\/[a-z]+\.md$/.test(r.helpUri)));
check('there are results', run.results.length > 0, `${run.results.length}`);
check('every result names a known rule', run.results.every(r => rules[r.ruleIndex] === r.ruleId));
check('the ruleId alone names the analyzer, not the message too', run.results.every(r => !r.message.text.includes(`[${r.ruleId}]`) && !r.message.text.startsWith(`${r.ruleId}:`)));
check('every result has a relative location with a line', run.results.every(r => {
	const p = r.locations[0].physicalLocation;
	return p.artifactLocation.uriBaseId === '%SRCROOT%' && !p.artifactLocation.uri.startsWith('/') && p.region.startLine > 0;
}));
console.log(`sarif: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
EOJS
