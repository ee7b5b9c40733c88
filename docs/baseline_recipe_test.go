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

// TestBaselineRecipe runs docs/ci.md's adoption recipe as a new user
// would: mcplint installed from a clone by the line of "Installing
// mcplint", then, in a git repository of the user's with a finding, the
// recipe's lines as written. The last line, the CI step, must pass; it
// must then fail on a new finding, naming it alone, and (with
// -fail-stale) on an entry whose finding was fixed.
func TestBaselineRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	data, err := os.ReadFile(filepath.Join(root, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci := string(data)
	install := regexp.MustCompile(`(?m)^(go install \./cmd/mcplint)\s`).FindStringSubmatch(ci)
	recipe := regexp.MustCompile("(?s)```sh\n(mcplint -write-baseline=.*?)```").FindStringSubmatch(ci)
	if install == nil || recipe == nil {
		t.Fatal("docs/ci.md has no line that installs mcplint from a clone, or no recipe (a sh block that starts with mcplint -write-baseline=)")
	}
	bin := t.TempDir()
	env := append(os.Environ(), "GOBIN="+bin, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOFLAGS=", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off",
		"GIT_AUTHOR_NAME=A User", "GIT_AUTHOR_EMAIL=user@example.com",
		"GIT_COMMITTER_NAME=A User", "GIT_COMMITTER_EMAIL=user@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	sh := func(dir, line string) (string, int) {
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
	if out, status := sh(root, install[1]); status != 0 {
		t.Fatalf("%s: exit status %d\n%s", install[1], status, out)
	}

	// The user's module: one function that asks the way 2026-07-28
	// sessions refuse (syncask), committed.
	user := t.TempDir()
	const ask = `
func Refund(ctx context.Context, req *mcp.CallToolRequest) error {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Refund?"})
	return err
}
`
	const header = "package user\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n"
	write := func(content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(user, "server.go"), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(user, "go.mod"), []byte("module example.com/user\n\ngo 1.25.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	write(header + ask)
	for _, line := range []string{"go mod tidy", "git init -q", "git add .", "git commit -q -m 'the server'"} {
		if out, status := sh(user, line); status != 0 {
			t.Fatalf("%s: exit status %d\n%s", line, status, out)
		}
	}

	lines := strings.Split(strings.TrimSpace(recipe[1]), "\n")
	for _, line := range lines {
		if out, status := sh(user, line); status != 0 {
			t.Fatalf("%s: exit status %d, want 0\n%s", line, status, out)
		}
	}
	if out, _ := sh(user, "git status --porcelain"); strings.TrimSpace(out) != "" {
		t.Errorf("the recipe left changes uncommitted:\n%s", out)
	}
	check := lines[len(lines)-1]

	// A new finding fails the check, alone.
	write(header + ask + strings.ReplaceAll(ask, "Refund", "Cancel"))
	out, status := sh(user, check)
	if status != 3 || strings.Count(out, "[syncask]") != 1 || !strings.Contains(out, "server.go:15:") {
		t.Errorf("%s with a new finding: exit status %d, want 3 and the new finding alone\n%s", check, status, out)
	}

	// The old finding fixed: its entry is stale, and fails the check.
	write(header + "\nvar _ context.Context\nvar _ mcp.Tool\n")
	out, status = sh(user, check)
	if status != 3 || !strings.Contains(out, "stale baseline entry, its finding is gone: server.go (Refund)") {
		t.Errorf("%s after the fix: exit status %d, want 3 and the stale entry\n%s", check, status, out)
	}
}
