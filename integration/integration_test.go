package integration

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// root is the absolute path of the repository
// (go test runs a test in its package's directory, which is one below;
// runtime.Caller would name a relative file under -trimpath).
var root = func() string {
	dir, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return dir
}()

// module is the test case.
var module = filepath.Join(root, "testdata", "integrations", "server")

// tool returns the path of a binary from the environment, or skips.
func tool(t *testing.T, env string) string {
	t.Helper()
	p := os.Getenv(env)
	if p == "" {
		t.Skipf("%s is not set: run scripts/test-integrations.sh", env)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Fatalf("%s: %v", env, err)
	}
	return abs
}

// goEnv is the environment of every command: offline, from the module
// cache alone, like the analyzers' own tests (testenv.Env). What gopls
// and Neovim keep in the user's cache directory (gopls's analysis cache
// and import index, Neovim's LSP log) goes to the repository's .cache/
// (git-ignored) instead; the Go build cache stays where it is.
func goEnv(extra ...string) []string {
	gocache, err := goBuildCache()
	if err != nil {
		panic(err)
	}
	env := append(os.Environ(),
		"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off", "GOTOOLCHAIN=local",
		"GOCACHE="+gocache, "XDG_CACHE_HOME="+filepath.Join(root, ".cache", "user-cache"))
	return append(env, extra...)
}

// goBuildCache is the Go build cache, resolved before XDG_CACHE_HOME moves
// the default.
var goBuildCache = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOCACHE: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
})

// run runs a command in dir and returns its stdout, its stderr and its
// exit code (-1 if it did not run or was killed).
func run(t *testing.T, timeout time.Duration, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	start := time.Now()
	err := cmd.Run()
	t.Logf("$ %s %s (in %s): %.1f s", filepath.Base(name), strings.Join(args, " "), dir, time.Since(start).Seconds())
	var exit *exec.ExitError
	switch {
	case err == nil:
		code = 0
	case ctx.Err() != nil:
		t.Errorf("%s timed out after %v", name, timeout)
		code = -1
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s: %v", name, err)
	}
	return o.String(), e.String(), code
}

// A want is one finding the test case expects.
type want struct {
	line     int
	analyzer string
	text     string // a substring of the message
	tag      string // "" or the configuration it needs, as in want[tag]
}

func (w want) String() string {
	return fmt.Sprintf("server.go:%d: %s: ...%s...", w.line, w.analyzer, w.text)
}

var (
	wantComment = regexp.MustCompile(`// want(?:\[(\w+)\])? (.*)$`)
	wantPair    = regexp.MustCompile(`^\s*(\w+) ("(?:[^"\\]|\\.)*")`)
)

// wants parses the want comments of the test case and returns those that
// apply to a configuration: those of the analyzers not disabled that are
// untagged or tagged with one of tags ("default" or "settings").
func wants(t *testing.T, disabled []string, tags ...string) []want {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(module, "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	var ws []want
	for i, line := range strings.Split(string(data), "\n") {
		m := wantComment.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		tag, rest := m[1], m[2]
		for strings.TrimSpace(rest) != "" {
			p := wantPair.FindStringSubmatch(rest)
			if p == nil {
				t.Fatalf("server.go:%d: malformed want comment at %q", i+1, rest)
			}
			text, err := strconv.Unquote(p[2])
			if err != nil {
				t.Fatalf("server.go:%d: %v", i+1, err)
			}
			rest = rest[len(p[0]):]
			if slices.Contains(disabled, p[1]) || (tag != "" && !slices.Contains(tags, tag)) {
				continue
			}
			ws = append(ws, want{line: i + 1, analyzer: p[1], text: text, tag: tag})
		}
	}
	if len(ws) == 0 {
		t.Fatal("the test case expects no finding")
	}
	return ws
}

// A finding is one reported diagnostic.
type finding struct {
	line     int
	analyzer string // "" if the output does not say
	message  string
	raw      string
}

// match pairs findings with wants and reports the unmatched ones on both
// sides.
func match(t *testing.T, ws []want, fs []finding, output string) {
	t.Helper()
	used := make([]bool, len(ws))
	ok := true
	for _, f := range fs {
		// Each output names the analyzer once, by its own means (the
		// "analyzer: " golangci-lint puts before the message, the source
		// of an LSP diagnostic): the message must not name it again.
		for _, w := range ws {
			if strings.HasPrefix(f.message, w.analyzer+":") || strings.Contains(f.message, "["+w.analyzer+"]") {
				t.Errorf("the message names the analyzer %s again: %s", w.analyzer, f.raw)
				ok = false
				break
			}
		}
		found := false
		for i, w := range ws {
			if !used[i] && w.line == f.line && strings.Contains(f.message, w.text) &&
				(f.analyzer == "" || f.analyzer == w.analyzer) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("unexpected finding: %s", f.raw)
			ok = false
		}
	}
	for i, w := range ws {
		if !used[i] {
			t.Errorf("missing finding: %s", w)
			ok = false
		}
	}
	if !ok {
		t.Logf("output:\n%s", output)
	} else {
		t.Logf("all %d expected findings, and no other", len(ws))
	}
}

// golangciLine is one issue of golangci-lint's text output without source
// lines: "server.go:67:59: resolvegraph: message (mcplint)".
var golangciLine = regexp.MustCompile(`^(\S+?\.go):(\d+):(\d+): (\w+): (.*) \(mcplint\)$`)

// golangci runs the custom golangci-lint in dir and returns the findings
// of mcplint, its output and its exit code.
func golangci(t *testing.T, bin, dir string, args ...string) ([]finding, string, int) {
	t.Helper()
	args = append([]string{"run", "--output.text.print-issued-lines=false", "--show-stats=false"}, args...)
	args = append(args, "./...")
	stdout, stderr, code := run(t, 5*time.Minute, dir,
		goEnv("GOLANGCI_LINT_CACHE="+t.TempDir()), bin, args...)
	var fs []finding
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		line := sc.Text()
		m := golangciLine.FindStringSubmatch(line)
		if m == nil {
			if strings.Contains(line, "(mcplint)") {
				t.Errorf("unparsed mcplint issue: %s", line)
			}
			continue
		}
		n, _ := strconv.Atoi(m[2])
		fs = append(fs, finding{line: n, analyzer: m[4], message: m[5], raw: line})
	}
	return fs, stdout + stderr, code
}

func TestGolangciLint(t *testing.T) {
	bin := tool(t, "MCPLINT_GOLANGCI_LINT")

	t.Run("default settings", func(t *testing.T) {
		fs, out, code := golangci(t, bin, module)
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)\n%s", code, out)
		}
		match(t, wants(t, nil, "default"), fs, out)
	})

	t.Run("settings", func(t *testing.T) {
		// golangci-settings.yml disables elicitbase, sets resolvegraph's
		// budget to 1 and declares a verifier to statereach.
		fs, out, code := golangci(t, bin, module, "--config", "golangci-settings.yml")
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)\n%s", code, out)
		}
		match(t, wants(t, []string{"elicitbase"}, "settings", "unused"), fs, out)
	})

	t.Run("docs/ci.md example", func(t *testing.T) {
		// The configuration docs/ci.md shows, as written: it must leave
		// every analyzer on, and every default finding reported, and it
		// turns on suppress's unused.
		config := filepath.Join(t.TempDir(), ".golangci.yml")
		if err := os.WriteFile(config, []byte(ciExample(t)), 0o666); err != nil {
			t.Fatal(err)
		}
		fs, out, code := golangci(t, bin, module, "--config", config)
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)\n%s", code, out)
		}
		match(t, wants(t, nil, "default", "unused"), fs, out)
	})

	t.Run("unknown setting", func(t *testing.T) {
		_, out, code := golangci(t, bin, module, "--config", "golangci-bad.yml")
		const msg = `mcplint: settings: resolvegraph: unknown flag "depth" (known: budget)`
		if code == 0 || code == 1 || !strings.Contains(out, msg) {
			t.Errorf("exit code %d, want a failure other than 1 with %q; output:\n%s", code, msg, out)
		}
	})
}

// copyModule copies the test case into a temporary directory, with its
// replace of mcplint made absolute.
func copyModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(module)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(module, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, stderr, code := run(t, time.Minute, dir, goEnv(), "go", "mod", "edit",
		"-replace=github.com/mcplint/mcplint="+root); code != 0 {
		t.Fatalf("go mod edit: %s", stderr)
	}
	return dir
}

// goFiles returns the Go files of dir by name.
func goFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string]string)
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(n)] = string(data)
	}
	return files
}

// TestGolangciLintFix checks that golangci-lint --fix applies mcplint's
// suggested fixes exactly as mcplint -fix does.
func TestGolangciLintFix(t *testing.T) {
	bin := tool(t, "MCPLINT_GOLANGCI_LINT")
	mcplint := filepath.Join(t.TempDir(), "mcplint")
	if _, stderr, code := run(t, 5*time.Minute, root, goEnv(), "go", "build", "-o", mcplint, "./cmd/mcplint"); code != 0 {
		t.Fatalf("go build ./cmd/mcplint: %s", stderr)
	}

	// Which findings carry a suggested fix? (mcplint -json, the format of
	// golang.org/x/tools/go/analysis/internal/analysisflags.)
	stdout, stderr, _ := run(t, 5*time.Minute, module, goEnv(), mcplint, "-json", "./...")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("mcplint -json: %v\nstdout:\n%s\nstderr:\n%s", err, stdout, stderr)
	}
	var fixable []string
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []struct {
				Posn           string            `json:"posn"`
				Message        string            `json:"message"`
				SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("mcplint -json: %s %s: %v: %s", pkg, name, err, raw)
			}
			for _, d := range diags {
				if len(d.SuggestedFixes) > 0 {
					fixable = append(fixable, fmt.Sprintf("%s: %s: %s", d.Posn, name, d.Message))
				}
			}
		}
	}
	if len(fixable) == 0 {
		// server.go asks resolve.Ask[*mcp.ListRootsResult], which
		// elicitbase fixes to resolve.AskRoots(): a run without fixes
		// means the fixes disappeared, and nothing here would be checked.
		t.Fatalf("no finding of mcplint in testdata/integrations/server carries a suggested fix; elicitbase's fix of its Ask[*mcp.ListRootsResult] is gone\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	t.Logf("findings with a suggested fix:\n%s", strings.Join(fixable, "\n"))

	orig := goFiles(t, module)
	byGolangci := copyModule(t)
	_, out, _ := golangci(t, bin, byGolangci, "--fix")
	byMcplint := copyModule(t)
	if _, stderr, _ := run(t, 5*time.Minute, byMcplint, goEnv(), mcplint, "-fix", "./..."); stderr != "" {
		t.Logf("mcplint -fix:\n%s", stderr)
	}
	got, want := goFiles(t, byGolangci), goFiles(t, byMcplint)
	changed := 0
	for name, w := range want {
		if w != orig[name] {
			changed++
		}
	}
	if changed == 0 {
		t.Fatalf("mcplint -fix changed no file, though %d findings carry a fix", len(fixable))
	}
	for name, w := range want {
		if w == orig[name] {
			continue
		}
		if got[name] == orig[name] {
			t.Errorf("golangci-lint --fix left %s unchanged; mcplint -fix changes it", name)
		} else if got[name] != w {
			t.Errorf("golangci-lint --fix and mcplint -fix disagree on %s:\n--- golangci-lint:\n%s\n--- mcplint:\n%s", name, got[name], w)
		}
	}
	for name, g := range got {
		if g != orig[name] && want[name] == orig[name] {
			t.Errorf("golangci-lint --fix changes %s, which mcplint -fix leaves alone", name)
		}
	}
	if t.Failed() {
		t.Logf("golangci-lint --fix output:\n%s", out)
	} else {
		t.Logf("golangci-lint --fix applied the same fixes as mcplint -fix to %d file(s)", changed)
	}
}

// goplsLine is one diagnostic of gopls check:
// "/path/server.go:67:59-64: message".
var goplsLine = regexp.MustCompile(`^(\S+?\.go):(\d+):(\d+)(?:-[\d:]+)?: (.*)$`)

// goplsNamed splits a message of gopls check into the message and the
// analyzer's name: "message [analyzer]".
var goplsNamed = regexp.MustCompile(`^(.*) \[(\w+)\]$`)

func TestGoplsCheck(t *testing.T) {
	bin := tool(t, "MCPLINT_GOPLS")
	for _, tc := range []struct {
		name  string
		flags string // MCPLINT_FLAGS
		tags  []string
	}{
		{"default flags", "", []string{"default"}},
		// The flags of golangci-settings.yml (gopls cannot disable an
		// analyzer through them: elicitbase stays).
		{"MCPLINT_FLAGS", "-resolvegraph.budget=1 -statereach.verifiers=example.com/integrations.checkToken,example.com/integrations.checkTokn -suppress.unused", []string{"settings", "unused"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := run(t, 5*time.Minute, module,
				goEnv("MCPLINT_FLAGS="+tc.flags), bin, "check", filepath.Join(module, "server.go"))
			if code != 0 {
				t.Errorf("gopls check: exit code %d\n%s", code, stderr)
			}
			var fs []finding
			for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
				if line == "" {
					continue
				}
				m := goplsLine.FindStringSubmatch(line)
				if m == nil {
					t.Errorf("unparsed line of gopls check: %s", line)
					continue
				}
				n, _ := strconv.Atoi(m[2])
				// gopls check prints no source: the message ends with
				// the analyzer's name, which a user writes in
				// //mcplint:ignore.
				named := goplsNamed.FindStringSubmatch(m[4])
				if named == nil {
					t.Errorf("gopls check: the finding does not name its analyzer: %s", line)
					continue
				}
				fs = append(fs, finding{line: n, analyzer: named[2], message: named[1], raw: line})
			}
			match(t, wants(t, nil, tc.tags...), fs, stdout+stderr)
		})
	}
}

// TestNeovim attaches Neovim's built-in LSP client to the gopls build and
// waits until vim.diagnostic.get() holds every expected finding, with the
// analyzer's name as its source.
func TestNeovim(t *testing.T) {
	gopls := tool(t, "MCPLINT_GOPLS")
	nvim := tool(t, "MCPLINT_NVIM")
	var lines []string
	for _, w := range wants(t, nil, "default") {
		lines = append(lines, w.analyzer+"\t"+w.text)
	}
	script := filepath.Join(root, "testdata", "integrations", "nvim", "diagnostics.lua")
	stdout, stderr, code := run(t, 2*time.Minute, module, goEnv(
		"MCPLINT_GOPLS="+gopls,
		"MCPLINT_FILE="+filepath.Join(module, "server.go"),
		"MCPLINT_WANT="+strings.Join(lines, "\n"),
		"MCPLINT_TIMEOUT_MS=60000",
		// Neovim's own state and logs go to the test's directories.
		"XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), "XDG_STATE_HOME="+t.TempDir(),
		"NVIM_LOG_FILE="+filepath.Join(t.TempDir(), "nvim.log"),
	), nvim, "--headless", "--clean", "-c", "luafile "+script)
	t.Logf("nvim:\n%s%s", stdout, stderr)
	if code != 0 {
		t.Errorf("nvim exited with %d", code)
	}
	if !strings.Contains(stdout, "ok: all ") {
		t.Errorf("nvim did not report success")
	}
}

// ciExample returns the golangci-lint configuration that docs/ci.md
// shows: its yaml block that starts with version: "2".
func ciExample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n(version: \"2\"\n.*?)```").FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/ci.md has no golangci-lint configuration (a yaml block that starts with version: \"2\")")
	}
	return string(m[1])
}
