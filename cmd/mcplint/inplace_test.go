package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVetSDKsInPlace runs go vet -vettool=mcplint over the SDK modules
// themselves, from the module root, as a user of them would: their
// examples and conformance servers are user code and are reported in
// place, their API packages are not.
func TestVetSDKsInPlace(t *testing.T) {
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
			dir := writableModule(t, tc.module)
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

// writableModule returns a writable copy of the module cache's directory
// of module (path@version), with its requirements downloaded, so that it
// builds offline from its own root.
func writableModule(t *testing.T, module string) string {
	t.Helper()
	env := append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	download := exec.Command("go", "mod", "download", "-json", module)
	download.Dir = t.TempDir()
	download.Env = env
	out, err := download.Output()
	var info struct{ Dir, Error string }
	if err != nil || json.Unmarshal(out, &info) != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %v %s\n%s", module, err, info.Error, out)
	}
	dir := filepath.Join(t.TempDir(), "src")
	if err := os.CopyFS(dir, os.DirFS(info.Dir)); err != nil {
		t.Fatal(err)
	}
	deps := exec.Command("go", "mod", "download")
	deps.Dir = dir
	deps.Env = env
	if out, err := deps.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", module, err, out)
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	return dir
}
