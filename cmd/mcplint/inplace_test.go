package main_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/modcopy"
)

// TestVetSDKsInPlace runs go vet -vettool=mcplint over the SDK modules
// themselves, from the module root, as a user of them would: their
// examples and conformance servers are user code and are reported in
// place, their API packages are not.
func TestVetSDKsInPlace(t *testing.T) {
	t.Parallel()
	bin := build(t)
	for _, tc := range []struct {
		module string
		want   []string // substrings, each of some diagnostic line
	}{
		{"github.com/modelcontextprotocol/go-sdk@v1.8.0", []string{
			"conformance/everything-server/main.go:911:7: testInputRequiredMultiRoundHandler compares state (req.Params.RequestState) with \"round=1\" before verifying its integrity",
			"examples/server/elicitation/main.go:63:17: ServerSession.Elicit fails on sessions at protocol 2026-07-28 or later",
		}},
		{"github.com/mark3labs/mcp-go@v1.2.1", []string{
			"examples/multi_round_trip/main.go:119:32: deploy passes request.Params.RequestState to strings.TrimPrefix before verifying its integrity",
			"examples/elicitation/main.go:48:18: MCPServer.RequestElicitation fails on sessions at protocol 2026-07-28 or later",
		}},
	} {
		t.Run(filepath.Base(strings.Split(tc.module, "@")[0]), func(t *testing.T) {
			dir := modcopy.Writable(t, tc.module)
			_, stderr, status := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
			if status != 1 {
				t.Fatalf("go vet: exit status %d, want 1\n%s", status, stderr)
			}
			got := lines(stderr, dir)
			for _, w := range tc.want {
				if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, w) }) {
					t.Errorf("no diagnostic %q in:\n%s", w, strings.Join(got, "\n"))
				}
			}
			for _, l := range got {
				for _, api := range []string{"mcp/", "jsonrpc/", "auth/", "oauthex/", "internal/", "server/", "client/"} {
					if strings.HasPrefix(l, api) {
						t.Errorf("diagnostic in an API package: %s", l)
					}
				}
			}
		})
	}
}

// TestBaselineSDKInPlace runs a baseline round trip over go-sdk itself,
// from its module root: a baseline written of its findings accepts them
// all on the next run, naming each file relative to the root.
func TestBaselineSDKInPlace(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := modcopy.Writable(t, "github.com/modelcontextprotocol/go-sdk@v1.8.0")
	baseline := filepath.Join(t.TempDir(), "mcplint.baseline")
	_, stderr, status := run(t, dir, bin, "-write-baseline="+baseline, "./...")
	if status != 0 {
		t.Fatalf("-write-baseline: exit status %d\n%s", status, stderr)
	}
	data, err := os.ReadFile(baseline)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\nstatereach\tconformance/everything-server/main.go\ttestInputRequiredMultiRoundHandler\ttestInputRequiredMultiRoundHandler compares state",
		"\nsyncask\texamples/server/elicitation/main.go\t",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the baseline has no entry %q:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), dir) {
		t.Errorf("the baseline names a file by its absolute path:\n%s", data)
	}
	if _, stderr, status := run(t, dir, bin, "-baseline="+baseline, "-fail-stale", "./..."); status != 0 || stderr != "" {
		t.Errorf("-baseline right after -write-baseline: exit status %d, want 0 and no output\n%s", status, stderr)
	}
}
