# Shared by the scripts that build a tool with mcplint inside
# (build-golangci-lint.sh, build-gopls.sh). Source it; it defines functions
# only.

# mcplint_source_hash ROOT EXTRA...: a short hash of everything of mcplint
# that goes into such a binary (its non-test Go sources, go.mod, go.sum),
# the Go version, and EXTRA (the building script, the tool's version), so
# that a cached binary is rebuilt exactly when one of them changes.
mcplint_source_hash() {
	local root=$1
	shift
	(
		cd "$root"
		find . -name '*.go' -not -name '*_test.go' \
			-not -path './.cache/*' -not -path '*/testdata/*' -not -path './examples/*' -print0 |
			LC_ALL=C sort -z | xargs -0 sha256sum
		sha256sum go.mod go.sum scripts/lib.sh
		printf '%s\n' "$@"
		go version
	) | sha256sum | cut -c1-16
}
