package integration

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/internal/modcopy"
)

// The SDK module linted in place, and two findings in its non-API code.
const (
	inPlaceModule = "github.com/modelcontextprotocol/go-sdk@v1.8.0"
	everything    = "conformance/everything-server/main.go"
	elicitation   = "examples/server/elicitation/main.go"
)

var inPlaceWants = []struct {
	file string
	line int
	text string
}{
	{everything, 911, `testInputRequiredMultiRoundHandler compares state (req.Params.RequestState) with "round=1" before verifying its integrity`},
	{elicitation, 63, "ServerSession.Elicit fails on sessions at protocol 2026-07-28 or later"},
}

// sdkInPlace returns a writable copy of go-sdk's module directory, ready
// to build offline, with mcplint's golangci-lint configuration.
func sdkInPlace(t *testing.T) string {
	t.Helper()
	dir := modcopy.Writable(t, inPlaceModule)
	conf, err := os.ReadFile(filepath.Join(module, ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), conf, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestInPlace lints go-sdk v1.8.0 from its own module root: its examples
// and conformance server are user code, its API packages are not.
func TestInPlace(t *testing.T) {
	golangciBin := os.Getenv("MCPLINT_GOLANGCI_LINT")
	goplsBin := os.Getenv("MCPLINT_GOPLS")
	if golangciBin == "" && goplsBin == "" {
		t.Skip("MCPLINT_GOLANGCI_LINT and MCPLINT_GOPLS are not set: run scripts/test-integrations.sh")
	}
	dir := sdkInPlace(t)

	t.Run("golangci-lint", func(t *testing.T) {
		bin := tool(t, "MCPLINT_GOLANGCI_LINT")
		fs, out, code := golangci(t, bin, dir)
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)\n%s", code, out)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.raw)
			for _, api := range []string{"mcp/", "jsonrpc/", "auth/", "oauthex/", "internal/"} {
				if strings.HasPrefix(f.raw, api) {
					t.Errorf("finding in an API package: %s", f.raw)
				}
			}
		}
		for _, w := range inPlaceWants {
			prefix := w.file + ":" + strconv.Itoa(w.line) + ":"
			if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, prefix) && strings.Contains(l, w.text) }) {
				t.Errorf("no finding %s ...%s...; got:\n%s", prefix, w.text, strings.Join(got, "\n"))
			}
		}
	})

	t.Run("gopls", func(t *testing.T) {
		bin := tool(t, "MCPLINT_GOPLS")
		for _, w := range inPlaceWants {
			stdout, stderr, code := run(t, 5*time.Minute, dir, goEnv(), bin, "check", filepath.Join(dir, w.file))
			if code != 0 {
				t.Errorf("gopls check %s: exit code %d\n%s", w.file, code, stderr)
			}
			found := false
			for _, line := range strings.Split(stdout, "\n") {
				if m := goplsLine.FindStringSubmatch(line); m != nil && m[2] == strconv.Itoa(w.line) && strings.Contains(m[4], w.text) {
					found = true
				}
			}
			if !found {
				t.Errorf("gopls check %s: no diagnostic at line %d ...%s...; got:\n%s", w.file, w.line, w.text, stdout)
			}
		}
	})
}
