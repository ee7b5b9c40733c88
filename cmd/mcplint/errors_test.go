package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers"
)

// helperNames returns the names of the helper analyzers that mcplint's
// analyzers require, which no output may show, and the phrases of the
// checker that would show them.
func helperNames() []string {
	public := map[string]bool{}
	for _, a := range analyzers.All() {
		public[a.Name] = true
	}
	names := []string{"failed prerequisites", "analysis skipped"}
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if !public[a.Name] {
			names = append(names, a.Name)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range analyzers.All() {
		visit(a)
	}
	return names
}

// writeModule writes a module of the files (path: content) and returns its
// directory.
func writeModule(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoadErrors checks that a package that does not load or type-check
// gives one line per error (each error once, though the package's test
// variant has it too), no name of a helper analyzer in any output, and
// exit status 1; with -json, its errors under "load-errors"; with -sarif,
// a log whose invocation failed, with each error as a notification. A
// directory that does not exist, or patterns that match no package, are
// bad arguments (exit status 2), in one line.
func TestLoadErrors(t *testing.T) {
	t.Parallel()
	bin := build(t)
	module(t, "cmd") // the environment
	dir := writeModule(t, map[string]string{
		"go.mod":          "module example.com/bad\n\ngo 1.25\n",
		"typed/t.go":      "package typed\n\nfunc F() int { return \"x\" }\n",
		"typed/t_test.go": "package typed\n\nimport \"testing\"\n\nfunc TestF(*testing.T) { F() }\n",
		"syntax/s.go":     "package syntax\n\nfunc F() {\n",
		"good/g.go":       "package good\n",
		"empty/README":    "no Go here\n",
	})
	for _, tc := range []struct {
		args   []string
		want   []string // the lines of stderr
		status int
	}{
		{[]string{"./..."}, []string{
			`syntax/s.go:3:12: expected ';', found 'EOF'`,
			`syntax/s.go:3:12: expected '}', found 'EOF'`,
			`typed/t.go:3:23: cannot use "x" (untyped string constant) as int value in return statement`,
		}, 1},
		{[]string{"./nosuchdir"}, []string{`mcplint: ./nosuchdir: no such directory`, badArgsHint}, 2},
		{[]string{"-json", filepath.Join(dir, "nosuchdir", "...")}, []string{`mcplint: ` + filepath.Join(dir, "nosuchdir", "...") + `: no such directory`, badArgsHint}, 2},
		{[]string{"./empty/..."}, []string{`mcplint: ./empty/... matched no packages`}, 2},
		{[]string{"-sarif", "./typed"}, []string{`typed/t.go:3:23: cannot use "x" (untyped string constant) as int value in return statement`}, 1},
	} {
		stdout, stderr, status := run(t, dir, bin, tc.args...)
		got := strings.Split(strings.TrimSpace(stderr), "\n")
		if status != tc.status || strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("mcplint %s: exit status %d, stderr:\n%s\nwant %d and:\n%s", strings.Join(tc.args, " "), status, stderr, tc.status, strings.Join(tc.want, "\n"))
		}
		if tc.status == 2 && stdout != "" {
			t.Errorf("mcplint %s: a bad argument, but stdout:\n%s", strings.Join(tc.args, " "), stdout)
		}
		shown := stdout + stderr
		if tc.args[0] == "-sarif" {
			shown = stderr // the log's rules carry the analyzers' docs, in their words
		}
		for _, name := range helperNames() {
			if strings.Contains(shown, name) {
				t.Errorf("mcplint %s names %q:\n%s", strings.Join(tc.args, " "), name, shown)
			}
		}
	}

	// -sarif still writes a log: the run did not succeed, and says why.
	stdout, _, _ := run(t, dir, bin, "-sarif", "./...")
	var log struct {
		Runs []struct {
			Results     []json.RawMessage
			Invocations []struct {
				ExecutionSuccessful        bool
				ToolExecutionNotifications []struct {
					Level     string
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("mcplint -sarif with packages that do not load: %v, want a log with one run and its invocation:\n%s", err, stdout)
	}
	inv := log.Runs[0].Invocations[0]
	var notes []string
	for _, n := range inv.ToolExecutionNotifications {
		where := ""
		if len(n.Locations) == 1 {
			where = fmt.Sprintf("%s:%d: ", n.Locations[0].PhysicalLocation.ArtifactLocation.URI, n.Locations[0].PhysicalLocation.Region.StartLine)
		}
		notes = append(notes, n.Level+" "+where+n.Message.Text)
	}
	wantNotes := []string{
		`error syntax/s.go:3: expected ';', found 'EOF'`,
		`error syntax/s.go:3: expected '}', found 'EOF'`,
		`error typed/t.go:3: cannot use "x" (untyped string constant) as int value in return statement`,
	}
	if inv.ExecutionSuccessful || !slices.Equal(notes, wantNotes) {
		t.Errorf("mcplint -sarif: executionSuccessful %v, notifications:\n%s\nwant false and:\n%s", inv.ExecutionSuccessful, strings.Join(notes, "\n"), strings.Join(wantNotes, "\n"))
	}

	stdout, stderr, status := run(t, dir, bin, "-json", "./...")
	if status != 1 {
		t.Errorf("mcplint -json: exit status %d, want 1", status)
	}
	for _, name := range helperNames() {
		if strings.Contains(stdout+stderr, name) {
			t.Errorf("mcplint -json names %q:\n%s%s", name, stdout, stderr)
		}
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("mcplint -json: %v\n%s", err, stdout)
	}
	var typed []struct{ Posn, Message string }
	if err := json.Unmarshal(tree["example.com/bad/typed"]["load-errors"], &typed); err != nil || len(typed) != 1 ||
		typed[0].Posn != "typed/t.go:3:23" || !strings.Contains(typed[0].Message, "cannot use") {
		t.Errorf(`mcplint -json: example.com/bad/typed's "load-errors" = %+v (%v), want its one type error; output:\n%s`, typed, err, stdout)
	}
	if len(tree["example.com/bad/typed"]) != 1 {
		t.Errorf("mcplint -json: example.com/bad/typed has entries beside its load errors: %s", stdout)
	}
}

// TestTidyNeeded checks that a module whose go.mod needs go mod tidy gets
// one line that says so, not the go command's error wrapped twice; and
// with -sarif, a log that says it too.
func TestTidyNeeded(t *testing.T) {
	t.Parallel()
	bin := build(t)
	src := module(t, "cmd")
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	files := map[string]string{}
	for _, name := range []string{"go.mod", "go.sum", "tools/tools.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	files["go.mod"] = strings.Replace(files["go.mod"], "=> ../../..", "=> "+filepath.ToSlash(root), 1)
	// A requirement that the code needs, gone.
	files["go.mod"] = regexp.MustCompile(`(?m)^\s*github.com/modelcontextprotocol/go-sdk .*$`).ReplaceAllString(files["go.mod"], "")
	dir := writeModule(t, files)
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}} {
		stdout, stderr, status := runEnv(t, dir, []string{"GOFLAGS=-mod=readonly"}, bin, args...)
		if args[0] == "-sarif" {
			var log struct {
				Runs []struct {
					Invocations []struct {
						ExecutionSuccessful        bool
						ToolExecutionNotifications []struct{ Message struct{ Text string } }
					}
				}
			}
			err := json.Unmarshal([]byte(stdout), &log)
			if err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 || log.Runs[0].Invocations[0].ExecutionSuccessful ||
				len(log.Runs[0].Invocations[0].ToolExecutionNotifications) != 1 ||
				!strings.Contains(log.Runs[0].Invocations[0].ToolExecutionNotifications[0].Message.Text, "run go mod tidy") {
				t.Errorf("mcplint -sarif: %v, want a log whose one notification says to run go mod tidy:\n%s", err, stdout)
			}
		}
		if status != 1 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 ||
			!strings.HasPrefix(stderr, "mcplint: cannot load the packages: go: ") || !strings.Contains(stderr, "run go mod tidy") ||
			strings.Contains(stderr, "err: exit status") {
			t.Errorf("mcplint %s: exit status %d, stderr:\n%s\nwant 1 and one line saying to run go mod tidy", strings.Join(args, " "), status, stderr)
		}
	}
}

// badArgsHint is the line after a bad flag or argument: where to look.
const badArgsHint = "Run mcplint -h for the usage, flags and exit status."

// TestBadFlags checks that a flag or argument that cannot be right is an
// error, with exit status 2, one line that says what is wrong and one that
// says where the usage is (not the usage itself, nor the flag listing of
// the analysis framework).
func TestBadFlags(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-resolvegraph.budget=-1", "./..."}, `invalid value "-1" for flag -resolvegraph.budget: -1: the budget is at least 1 question`},
		{[]string{"-statereach.verifiers=garbage", "./..."}, `"garbage" is not a function name`},
		{[]string{"-statereach.verifiers=example.com/app/auth.Check", "./..."}, `example.com/app/auth.Check: there is no package example.com/app/auth here`},
		{[]string{"-diff", "./..."}, "use it with -fix"},
		{[]string{"-sarif", "-json", "./..."}, "-sarif and -json are two output formats: choose one"},
		{[]string{"-json", "-fix", "./..."}, "use it without -json or -sarif"},
		{[]string{"-nosuchflag", "./..."}, "flag provided but not defined: -nosuchflag"},
		{[]string{"./...", "-json"}, "flag -json after the packages"},
		{[]string{"-c", "x", "./..."}, `invalid value "x" for flag -c: "x" is not a number of lines`},
		{[]string{"-docs=docs/", "./..."}, `invalid value "docs/" for flag -docs: "docs/" is not an absolute http, https or file URL`},
		{[]string{"-docs=https://example.com/docs/?page", "help"}, `"https://example.com/docs/?page" has a query or fragment`},
		{[]string{"./nosuchdir/..."}, `./nosuchdir/...: no such directory`},
		{[]string{"version", "foo"}, `version takes no arguments, but got ["foo"]`},
	} {
		stdout, stderr, status := run(t, dir, bin, tc.args...)
		if status != 2 || stdout != "" || !strings.HasPrefix(stderr, "mcplint: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcplint %s: exit status %d, stderr:\n%s\nwant 2 and %q", strings.Join(tc.args, " "), status, stderr, tc.want)
		}
		if lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n"); tc.args[0] != "version" && (len(lines) != 2 || lines[1] != badArgsHint) {
			t.Errorf("mcplint %s: stderr is not the error and %q:\n%s", strings.Join(tc.args, " "), badArgsHint, stderr)
		}
	}
	// Help asked for after flags is help, not an error.
	usage, _, _ := run(t, dir, bin, "-h")
	if stdout, stderr, status := run(t, dir, bin, "-json", "-h"); status != 0 || stdout != usage || stderr != "" {
		t.Errorf("mcplint -json -h: exit status %d, stderr %q; want 0 and the usage on stdout", status, stderr)
	}
	// A verifier that exists is accepted.
	if _, stderr, status := run(t, dir, bin, "-statereach.verifiers=example.com/cmd/tools.Register", "./clean"); status != 0 {
		t.Errorf("mcplint -statereach.verifiers=example.com/cmd/tools.Register: exit status %d\n%s", status, stderr)
	}
}

// TestUsageFormatLine checks that the finding format mcplint -h gives is
// the one its findings have.
func TestUsageFormatLine(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	usage, _, _ := run(t, dir, bin, "-h")
	m := regexp.MustCompile(`A finding reads "([^"]+)"`).FindStringSubmatch(usage)
	if m == nil {
		t.Fatalf("mcplint -h gives no finding format:\n%s", usage)
	}
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	pattern := regexp.QuoteMeta(m[1])
	for word, re := range map[string]string{"file": `\S+\.go`, "line": `[0-9]+`, "col": `[0-9]+`, "message": `.+`, "analyzer": "(" + strings.Join(names, "|") + ")"} {
		pattern = strings.Replace(pattern, word, re, 1)
	}
	_, stderr, _ := run(t, dir, bin, "./...")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if !regexp.MustCompile("^" + pattern + "$").MatchString(l) {
			t.Errorf("finding %q does not read %q, as mcplint -h says", l, m[1])
		}
	}
	if len(lines) < 2 {
		t.Errorf("too few findings to check: %q", stderr)
	}
}

// TestMisspelledVerifier checks that a function -statereach.verifiers
// names that its package does not have is a finding of statereach, once,
// with the same words standalone and under go vet (golangci-lint's and
// gopls's are in the integration test).
func TestMisspelledVerifier(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	const finding = "tools/tools.go:2:9: -statereach.verifiers: example.com/cmd/tools.Regster: package example.com/cmd/tools has no function Regster [statereach]"
	flag := "-statereach.verifiers=example.com/cmd/tools.Register,example.com/cmd/tools.Regster"
	_, stderr, status := run(t, dir, bin, flag, "./tools")
	if got := lines(stderr, dir); status != 3 || !slices.Contains(got, finding) || strings.Count(stderr, "has no function Regster") != 1 {
		t.Errorf("mcplint %s: exit status %d, want 3 and once:\n%s\ngot:\n%s", flag, status, finding, stderr)
	}
	_, stderr, status = run(t, dir, "go", "vet", "-vettool="+bin, flag, "./tools")
	if got := lines(stderr, dir); status != 1 || !slices.Contains(got, finding) || strings.Count(stderr, "has no function Regster") != 1 {
		t.Errorf("go vet %s: exit status %d, want 1 and once:\n%s\ngot:\n%s", flag, status, finding, stderr)
	}
}
