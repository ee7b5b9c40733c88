package docs_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// refusedPath is the module path prefix the proxy of
// TestReadmeToolDirective refuses.
const refusedPath = "/github.com/mcplint/"

// TestReadmeToolDirective runs, in a throwaway module of a user's whose
// code imports nothing of mcplint's, the README's commands that add
// mcplint as a tool of the module from a clone (this checkout), exactly as
// written, with the module proxy and checksum database the environment
// names (the test command leaves them as the user has them), in front of
// which it puts a proxy that refuses every path of mcplint's with 403
// Forbidden, as a company proxy may. They must leave mcplint in go.mod
// (go mod tidy again keeps it: the tool directive uses it) and runnable
// by go tool, and its findings reported.
func TestReadmeToolDirective(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint in a module of its own")
	}
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sh\n(go mod edit -require=github.com/mcplint/mcplint@v0.0.0 .*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no block that adds mcplint from a clone with go mod edit")
	}
	proxy, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	if p := strings.TrimSpace(string(proxy)); p == "off" {
		t.Skip("GOPROXY=off: the README's lines need the module proxy (and checksum database) a user's go mod tidy asks")
	}
	var refused atomic.Int32
	refuser := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, refusedPath) {
			refused.Add(1)
			http.Error(w, "refused by policy", http.StatusForbidden)
			return
		}
		http.NotFound(w, r) // the next proxy of GOPROXY, then
	}))
	defer refuser.Close()

	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/user\n\ngo 1.25.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n",
		// A question the 2026-07-28 sessions refuse: syncask.
		"server.go": `package user

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Refund(ctx context.Context, req *mcp.CallToolRequest) error {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Refund?"})
	return err
}
`,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	// The user's settings, but no -mod flag of the test command's (which
	// would hide a missing go.sum entry) and no workspace.
	var flags []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if !strings.HasPrefix(f, "-mod=") {
			flags = append(flags, f)
		}
	}
	env := append(os.Environ(), "GOFLAGS="+strings.Join(flags, " "), "GOWORK=off",
		"GOPROXY="+refuser.URL+","+strings.TrimSpace(string(proxy)))
	sh := func(line string) (string, int) {
		t.Helper()
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			return string(out), exit.ExitCode()
		case err != nil:
			t.Fatalf("%s: %v", line, err)
		}
		return string(out), 0
	}
	// The user's server builds before mcplint comes in.
	if out, status := sh("go mod tidy"); status != 0 {
		t.Fatalf("the user's module: go mod tidy: exit status %d\n%s", status, out)
	}
	lines := strings.Split(strings.TrimSpace(string(m[1])), "\n")
	for i, line := range lines {
		line = strings.ReplaceAll(line, "/path/to/mcplint", root)
		out, status := sh(line)
		switch last := i == len(lines)-1; {
		case !last && status != 0:
			t.Fatalf("%s: exit status %d\n%s", line, status, out)
		case last && (status != 3 || !strings.Contains(out, "[syncask]")):
			t.Fatalf("%s: exit status %d, want 3 and the syncask finding; output:\n%s", line, status, out)
		}
	}
	// go mod tidy again, as a user will: the tool directive keeps mcplint.
	if out, status := sh("go mod tidy && go list -m github.com/mcplint/mcplint && go tool -n mcplint"); status != 0 {
		t.Errorf("after go mod tidy again, mcplint is no longer a tool of the module: exit status %d\n%s", status, out)
	}
	t.Logf("the proxy refused %d requests for mcplint's paths", refused.Load())
}
