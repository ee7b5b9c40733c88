package analyzers_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/internal/modcopy"
)

// The MCP modules whose example and conformance code, copied into a module
// of its own that requires the SDK (as a user's copy of it would be),
// mcplint's analyzers must analyze, tests included, without a panic or an
// analysis error. Diagnostics are fine. TestFixesApply applies their
// suggested fixes.
//
// The modules in place (API packages skipped, examples and conformance
// servers analyzed) are covered by cmd/mcplint's TestVetSDKsInPlace, through
// go vet itself, which fails on a panic or an analysis error too.
var robustnessModules = []sdkModule{
	{"github.com/modelcontextprotocol/go-sdk", "v1.8.0", []string{"examples", "conformance"}},
	{"github.com/mark3labs/mcp-go", "v1.2.1", []string{"examples", "conformance"}},
}

// An sdkModule is an SDK module and the directories of it that are user
// code.
type sdkModule struct {
	path, version string
	userDirs      []string
}

func (m sdkModule) name() string { return path.Base(m.path) + "-examples" }

// corpusEnv is the environment the SDK corpora are loaded in.
func corpusEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
}

// The SDK corpora, written once for the tests that analyze them.
var corpora struct {
	sync.Mutex
	root string            // the directory that holds them, removed by TestMain
	dirs map[string]string // by module path
}

// sdkCorpus returns the directory of a module of its own that holds m's
// user directories and requires m, as a user's copy of them would.
func sdkCorpus(t *testing.T, m sdkModule) string {
	t.Helper()
	corpora.Lock()
	defer corpora.Unlock()
	if dir, ok := corpora.dirs[m.path]; ok {
		return dir
	}
	if corpora.root == "" {
		root, err := os.MkdirTemp("", "mcplint-corpora")
		if err != nil {
			t.Fatal(err)
		}
		corpora.root, corpora.dirs = root, make(map[string]string)
	}
	src := modcopy.Writable(t, m.path+"@"+m.version)
	dir := filepath.Join(corpora.root, m.name())
	module := "example.com/" + m.name()
	for _, d := range m.userDirs {
		if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join(src, d))); err != nil {
			t.Fatal(err)
		}
		// Imports between the copied directories.
		rewriteImports(t, filepath.Join(dir, d), m.path+"/"+d, module+"/"+d)
	}
	gomod := fmt.Sprintf("module %s\n\ngo 1.25.0\n\nrequire %s %s\n", module, m.path, m.version)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o666); err != nil {
		t.Fatal(err)
	}
	goCmd(t, dir, corpusEnv(), "mod", "tidy")
	corpora.dirs[m.path] = dir
	return dir
}

// removeCorpora removes the SDK corpora, once the tests have run.
func removeCorpora() {
	if corpora.root != "" {
		os.RemoveAll(corpora.root)
	}
}

func TestRobustness(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes two modules from source")
	}
	t.Parallel()
	for _, m := range robustnessModules {
		t.Run(m.name(), func(t *testing.T) {
			start := time.Now()
			robust(t, m.path+"@"+m.version+" examples", sdkCorpus(t, m), corpusEnv(), start)
		})
	}
}

// robust analyzes every package of the module in dir, with its tests, and
// fails on a load error, an analysis error or a panic.
func robust(t *testing.T, what, dir string, env []string, start time.Time) {
	run := analyze(t, dir, env, true, "./...")
	if len(run.Errors) > 0 {
		t.Errorf("%d errors:\n%s", len(run.Errors), strings.Join(run.Errors, "\n"))
	}
	count := make(map[string]int)
	for _, d := range run.Diagnostics {
		count[d.Analyzer+"/"+d.Category]++
	}
	var by []string
	for _, k := range slices.Sorted(maps.Keys(count)) {
		by = append(by, fmt.Sprintf("%s: %d", k, count[k]))
	}
	t.Logf("%s: %d packages (with test variants), %d analysis steps, %d diagnostics (%s), in %v",
		what, run.Packages, run.Actions, len(run.Diagnostics), strings.Join(by, ", "), time.Since(start).Round(time.Millisecond))
	if testing.Verbose() {
		for _, d := range run.Diagnostics {
			if rel, err := filepath.Rel(dir, d.Posn.Filename); err == nil {
				d.Posn.Filename = rel
			}
			t.Logf("  %v", d)
		}
	}
}

// rewriteImports replaces the import path prefix from with to in the Go
// files under dir.
func rewriteImports(t *testing.T, dir, from, to string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if nb := bytes.ReplaceAll(b, []byte(`"`+from), []byte(`"`+to)); !bytes.Equal(nb, b) {
			return os.WriteFile(path, nb, 0o666)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// goCmd runs the go command in dir and returns its standard output.
func goCmd(t *testing.T, dir string, env []string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr)
	}
	return out
}
