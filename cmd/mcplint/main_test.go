package main_test

import (
	"bytes"
	"crypto/rand"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

// module returns the testdata module testdata/src/name.
func module(t *testing.T, name string) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// offline is the environment every command of the tests runs in: modules
// from the module cache alone, outside any workspace, and a requirement
// added to the repository's go.mod since a test module's go.sum was
// written taken from the cache instead of failing (see
// analyzers/internal/testenv, which this command cannot import). The
// tests set it on each command, never on the process, so that they can
// run in parallel. -mod=mod is added to the caller's GOFLAGS, which keep
// their effect (the test command's -trimpath lets the build cache serve the
// SDK copies of TestVetSDKsInPlace, which sit at a new path every run).
var offline = []string{"GOPROXY=off", "GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOSUMDB=off", "GOWORK=off"}

// The diagnostics of testdata/src/cmd, as go vet prints them (relative to
// the module directory), in the order of their positions, each naming its
// analyzer once.
var want = []string{
	`tools/tools.go:19:40: resolver tools.askAnything returns resolve.Elicit[any], but any has no static form schema (it is an interface); return resolve.Elicit[resolve.Form] and ask with resolve.AskForm and an explicit schema [elicitbase]`,
	`tools/tools.go:32:51: tool "order": handler tools.order has resolved parameters and returns *mcp.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot (a struct of your own, or an interface), or drop the resolvers and drive the questions in the handler [resolvemix]`,
	`tools/tools.go:33:53: tool "restock": handler tools.restock has parameter 4 of type tools.Stock, and no resolver provides tools.Stock; pass a resolver that returns it [resolvegraph]`,
}

// binDir holds the mcplint that build builds once for all tests.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// built is the result of the one build of mcplint.
//
// The build carries a linker build ID of its own (-B), so that go vet
// never serves these tests' go vet commands from the results of another
// run. go vet caches a vet tool's output under the tool's ID (the hash of
// the executable) and the package's action ID, and under -trimpath (which
// the test command sets, so that the build cache serves the SDK copies of
// TestVetSDKsInPlace) that ID leaves out the directory: a clone of the same
// commit at a new path replayed the diagnostics of the last run, with that
// run's paths, and a fix of a file since deleted. Compiled packages are
// still shared; only the vet tool's own runs are new.
var built = sync.OnceValues(func() (string, error) {
	var err error
	if binDir, err = os.MkdirTemp("", "mcplint-test"); err != nil {
		return "", err
	}
	bin := filepath.Join(binDir, "mcplint")
	id := make([]byte, 16)
	rand.Read(id)
	if out, err := exec.Command("go", "build", "-ldflags=-w -B=0x"+hex.EncodeToString(id), "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// build returns mcplint, built once into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin, err := built()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// run runs a command in dir, offline, and returns its stdout, stderr and
// exit status.
func run(t *testing.T, dir string, name string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv is run with env added to the environment, after [offline].
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = slices.Concat(os.Environ(), offline, env)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return o.String(), e.String(), status
}

// lines returns the diagnostic lines of out in their order, with dir
// removed from their paths.
func lines(out, dir string) []string {
	var ls []string
	for _, l := range strings.Split(out, "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		ls = append(ls, strings.TrimPrefix(filepath.ToSlash(l), filepath.ToSlash(dir)+"/"))
	}
	return ls
}

// sorted returns ls sorted.
func sorted(ls []string) []string {
	slices.Sort(ls)
	return ls
}

func TestStandalone(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")

	stdout, stderr, status := run(t, dir, bin, "./...")
	if status != 3 {
		t.Errorf("mcplint ./...: exit status %d, want 3 (diagnostics)\nstderr:\n%s", status, stderr)
	}
	if stdout != "" {
		t.Errorf("mcplint ./... printed to stdout:\n%s", stdout)
	}
	// In the order of their positions, not grouped by analyzer (the
	// analyzers run in the order resolvegraph, resolvemix, elicitbase).
	if got := lines(stderr, dir); !slices.Equal(got, want) {
		t.Errorf("mcplint ./... diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// A clean package.
	stdout, stderr, status = run(t, dir, bin, "./clean")
	if status != 0 || stdout != "" || stderr != "" {
		t.Errorf("mcplint ./clean: exit status %d, stdout %q, stderr %q; want 0 and no output", status, stdout, stderr)
	}

	// Only one analyzer.
	_, stderr, status = run(t, dir, bin, "-resolvegraph", "./...")
	if got := lines(stderr, dir); status != 3 || len(got) != 1 || !strings.Contains(got[0], "no resolver provides tools.Stock") {
		t.Errorf("mcplint -resolvegraph ./...: exit status %d, diagnostics:\n%s", status, strings.Join(got, "\n"))
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	stdout, stderr, status := run(t, dir, bin, "-json", "./...")
	if status != 3 {
		t.Errorf("mcplint -json: exit status %d, want 3 (findings, as the text output)\nstderr:\n%s", status, stderr)
	}
	type diag struct {
		Category, Posn, Message string
	}
	var tree map[string]map[string][]diag
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("mcplint -json: %v\n%s", err, stdout)
	}
	got := make(map[string]string) // analyzer/category -> message
	for _, byAnalyzer := range tree {
		for name, ds := range byAnalyzer {
			for _, d := range ds {
				// The key names the analyzer; the message does not again.
				if strings.Contains(d.Message, name) {
					t.Errorf("mcplint -json: the message of %s names it: %s", name, d.Message)
				}
				got[name+"/"+d.Category] = d.Message
			}
		}
	}
	for _, key := range []string{"elicitbase/declared", "resolvemix/declared", "resolvegraph/missing-provider"} {
		if got[key] == "" {
			t.Errorf("mcplint -json: no %s diagnostic; got %v", key, got)
		}
	}
}

func TestVet(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	stdout, stderr, status := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if status != 1 {
		t.Errorf("go vet: exit status %d, want 1\nstderr:\n%s", status, stderr)
	}
	if stdout != "" {
		t.Errorf("go vet printed to stdout:\n%s", stdout)
	}
	// go vet prints each package's findings as they come.
	if got := sorted(lines(stderr, dir)); !slices.Equal(got, want) {
		t.Errorf("go vet diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	stdout, stderr, status = run(t, dir, "go", "vet", "-vettool="+bin, "./clean")
	if status != 0 || strings.TrimSpace(stderr) != "" {
		t.Errorf("go vet ./clean: exit status %d, stdout %q, stderr %q; want 0 and no diagnostics", status, stdout, stderr)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	bin := build(t)
	stdout, stderr, status := run(t, ".", bin, "help", "resolvegraph")
	if status != 0 || stderr != "" {
		t.Errorf("mcplint help resolvegraph: exit status %d, stderr %q", status, stderr)
	}
	for _, s := range []string{"check that resolver tool registrations can be resolved", "-resolvegraph.budget",
		"docs/checks/resolvegraph.md"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("mcplint help resolvegraph does not mention %q:\n%s", s, stdout)
		}
	}
	stdout, _, status = run(t, ".", bin, "help")
	if status != 0 {
		t.Errorf("mcplint help: exit status %d", status)
	}
	// mcplint's own analyzers, each with its page, and not x/tools'
	// generic text.
	for _, a := range analyzers.All() {
		if !strings.Contains(stdout, a.Name) || !strings.Contains(stdout, "docs/checks/"+a.Name+".md") {
			t.Errorf("mcplint help does not list %s with its page:\n%s", a.Name, stdout)
		}
	}
	if strings.Contains(stdout, "static analysis of Go programs") {
		t.Errorf("mcplint help prints x/tools' generic text:\n%s", stdout)
	}
	if _, stderr, status := run(t, ".", bin, "help", "nosuch"); status != 2 || !strings.Contains(stderr, `no analyzer "nosuch"`) {
		t.Errorf("mcplint help nosuch: exit status %d, stderr %q; want 2 and an error", status, stderr)
	}
}

// TestUsage checks that mcplint -h lists every flag the command accepts
// (as mcplint -flags reports them, and -sarif, -fix), every mode and the
// exit statuses.
func TestUsage(t *testing.T) {
	t.Parallel()
	bin := build(t)
	usage, stderr, status := run(t, ".", bin, "-h")
	if status != 0 || stderr != "" {
		t.Fatalf("mcplint -h: exit status %d, stderr %q", status, stderr)
	}
	flagsJSON, _, _ := run(t, ".", bin, "-flags")
	var flags []struct{ Name, Usage string }
	if err := json.Unmarshal([]byte(flagsJSON), &flags); err != nil {
		t.Fatalf("mcplint -flags: %v\n%s", err, flagsJSON)
	}
	mentioned := []string{"-sarif", "-fix", "go vet -vettool", "mcplint help", "mcplint version", "Exit status"}
	for _, f := range flags {
		switch {
		case strings.Contains(f.Usage, "no effect (deprecated)"):
		case strings.HasPrefix(f.Usage, "enable "):
			mentioned = append(mentioned, "-<analyzer> ") // -resolvemix and the like
		case strings.Contains(f.Name, "."):
			mentioned = append(mentioned, "-<analyzer>.<flag>")
		default:
			mentioned = append(mentioned, "-"+f.Name)
		}
	}
	for _, m := range mentioned {
		if !strings.Contains(usage, m) {
			t.Errorf("mcplint -h does not mention %q", m)
		}
	}
	for _, code := range []string{"0", "1", "2", "3"} {
		if !strings.Contains(usage, "\n  "+code+"  ") {
			t.Errorf("mcplint -h does not explain exit status %s", code)
		}
	}
	// No arguments: the usage, as an error.
	if _, stderr, status := run(t, ".", bin); status != 2 || stderr != usage {
		t.Errorf("mcplint: exit status %d, want 2 and the usage on stderr", status)
	}
}

// TestVersion checks that -V and version print the module version, and
// that -V=full still answers go vet (TestVet runs go vet itself).
func TestVersion(t *testing.T) {
	t.Parallel()
	bin := build(t)
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	wantLine := "mcplint " + info.Main.Version + "\n"
	for _, arg := range []string{"-V", "version", "--version"} {
		stdout, stderr, status := run(t, ".", bin, arg)
		if status != 0 || stdout != wantLine || stderr != "" {
			t.Errorf("mcplint %s: exit status %d, stdout %q, stderr %q; want 0 and %q", arg, status, stdout, stderr, wantLine)
		}
	}
	stdout, _, status := run(t, ".", bin, "-V=full")
	if status != 0 || !strings.HasPrefix(stdout, bin+" version ") || !strings.Contains(stdout, "buildID=") {
		t.Errorf("mcplint -V=full: exit status %d, stdout %q; want the go vet tool ID", status, stdout)
	}
}

// TestContext checks -c: each finding, in order, followed by its lines.
func TestContext(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	_, stderr, status := run(t, dir, bin, "-c", "0", "-resolvegraph", "./...")
	want := want[2] + "\n" + "33\t\tresolve.MustAddTool(s, &mcp.Tool{Name: \"restock\"}, restock)\n"
	if got := strings.ReplaceAll(filepath.ToSlash(stderr), filepath.ToSlash(dir)+"/", ""); status != 3 || got != want {
		t.Errorf("mcplint -c 0 -resolvegraph: exit status %d, stderr:\n%s\nwant 3 and:\n%s", status, got, want)
	}
	if _, stderr, status := run(t, dir, bin, "-c", "./..."); status != 2 || !strings.Contains(stderr, "not a number of lines") {
		t.Errorf("mcplint -c ./...: exit status %d, stderr %q; want 2 and an error", status, stderr)
	}
}

func TestFix(t *testing.T) {
	t.Parallel()
	bin := build(t)
	src := module(t, "cmd")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the module, with a file to fix.
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "go.mod" {
			data = []byte(strings.Replace(string(data), "=> ../../..", "=> "+filepath.ToSlash(root), 1))
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	const before = `package fixme

import (
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var Roots = resolve.Ask[*mcp.ListRootsResult]("Which roots?")
`
	// The fix drops the message, and the checker the import left unused.
	const after = `package fixme

import (
	"github.com/mcplint/mcplint/runtime/resolve"
)

var Roots = resolve.AskRoots()
`
	file := filepath.Join(dir, "fixme", "fixme.go")
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	// The same fix, through each driver: standalone, go vet -fix and
	// go fix -fixtool.
	for _, args := range [][]string{
		{bin, "-fix", "./fixme"},
		{"go", "vet", "-vettool=" + bin, "-fix", "./fixme"},
		{"go", "fix", "-fixtool=" + bin, "./fixme"},
	} {
		if err := os.WriteFile(file, []byte(before), 0o666); err != nil {
			t.Fatal(err)
		}
		_, stderr, status := run(t, dir, args[0], args[1:]...)
		if status == 1 && args[0] == bin {
			t.Fatalf("%s: exit status %d\n%s", strings.Join(args, " "), status, stderr)
		}
		if args[0] == bin && stderr != "mcplint: 1 finding fixed\n" {
			t.Errorf("%s: stderr %q, want the count of findings fixed", strings.Join(args, " "), stderr)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != after {
			t.Errorf("%s: file is\n%s\nwant\n%s\nstderr:\n%s", strings.Join(args, " "), got, after, stderr)
		}
	}
	// Findings without fixes: -fix says so, and changes nothing.
	tools, err := os.ReadFile(filepath.Join(src, "tools", "tools.go"))
	if err != nil {
		t.Fatal(err)
	}
	toolsFile := filepath.Join(dir, "tools", "tools.go")
	os.MkdirAll(filepath.Dir(toolsFile), 0o777)
	if err := os.WriteFile(toolsFile, tools, 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-fix", "./tools"}, {"-fix", "-diff", "./tools"}} {
		stdout, stderr, status := run(t, dir, bin, args...)
		want := "mcplint: 3 findings, none with a suggested fix: nothing changed; mcplint without -fix lists them\n"
		if status != 0 || stdout != "" || stderr != want {
			t.Errorf("mcplint %s: exit status %d, stdout %q, stderr %q; want 0 and %q", strings.Join(args, " "), status, stdout, stderr, want)
		}
	}
	if got, _ := os.ReadFile(toolsFile); string(got) != string(tools) {
		t.Errorf("mcplint -fix changed a file that has no fix")
	}
	// Fixed: nothing left to report.
	if err := os.WriteFile(file, []byte(after), 0o666); err != nil {
		t.Fatal(err)
	}
	_, stderr, status := run(t, dir, bin, "./fixme")
	if status != 0 || stderr != "" {
		t.Errorf("mcplint after -fix: exit status %d, stderr %q", status, stderr)
	}
}
