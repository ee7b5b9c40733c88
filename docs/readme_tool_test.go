package docs_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeToolDirective runs, in a throwaway module of a user's, the
// README's commands that use mcplint through the tool directive from a
// clone (this checkout), as written: they must leave mcplint runnable by
// go tool, and its findings reported.
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
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/user\n\ngo 1.25.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n",
		// A resolver whose question has no static form schema: elicitbase.
		"server.go": `package user

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func anything(ctx context.Context) (resolve.Elicit[any], error) {
	return resolve.Ask[any]("Anything?"), nil
}

var _ = mcp.NewServer
`,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "GOFLAGS=", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
	lines := strings.Split(strings.TrimSpace(string(m[1])), "\n")
	for i, line := range lines {
		line = strings.ReplaceAll(line, "/path/to/mcplint", root)
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		last := i == len(lines)-1
		var exit *exec.ExitError
		switch {
		case !last && err != nil:
			t.Fatalf("%s: %v\n%s", line, err, out)
		case last && (!errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.Contains(string(out), "[elicitbase]")):
			t.Fatalf("%s: %v, want exit status 3 and the elicitbase finding; output:\n%s", line, err, out)
		}
	}
}
