package analyzers_test

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// multicheckerEnv makes this test binary the analysis framework's own
// driver (multichecker) of mcplint's analyzers, so that suggested fixes
// are applied by the framework's code, as "mcplint -fix" applies them.
const multicheckerEnv = "MCPLINT_TEST_MULTICHECKER"

func TestMain(m *testing.M) {
	if os.Getenv(multicheckerEnv) != "" {
		multichecker.Main(analyzers.All()...)
		return
	}
	code := m.Run()
	removeCorpora()
	os.Exit(code)
}

// A fixModule is a module whose packages the fixes are applied to.
type fixModule struct {
	name, dir string
	file      *modfile.File
}

// TestFixesApply applies every analyzer's suggested fixes to every test
// case module and to both SDK corpora of TestRobustness through the
// framework (-fix -diff, which prints the patch and writes nothing), and
// fails if the framework cannot: a fix that is malformed or that
// conflicts with another stops every driver's -fix, and a panic in the
// analyzers stops the run.
//
// The modules that require the same version of every module they share go
// into one workspace, analyzed by one run: the standard library and the
// SDKs, the bulk of the work, are analyzed once for all of them instead of
// once for each.
func TestFixesApply(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes every test case module and both SDK corpora")
	}
	t.Parallel()
	gomods, err := filepath.Glob(filepath.Join(testenv.Root(t), "testdata", "src", "*", "go.mod"))
	if err != nil || len(gomods) == 0 {
		t.Fatalf("no test case modules: %v", err)
	}
	var mods []fixModule
	for _, gomod := range gomods {
		dir := testenv.Download(t, filepath.Base(filepath.Dir(gomod)))
		mods = append(mods, readModule(t, filepath.Base(dir), dir))
	}
	for _, m := range robustnessModules {
		mods = append(mods, readModule(t, m.name(), sdkCorpus(t, m)))
	}
	patched := 0
	for _, ws := range workspaces(mods) {
		var names []string
		for _, m := range ws {
			names = append(names, m.name)
		}
		t.Run(strings.Join(names, "+"), func(t *testing.T) {
			if strings.Contains(applyFixes(t, ws), "\n+") {
				patched++
			}
		})
	}
	if patched == 0 {
		t.Error("no module has a suggested fix: the test checks nothing")
	}
}

func readModule(t *testing.T, name, dir string) fixModule {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	file, err := modfile.ParseLax(filepath.Join(dir, "go.mod"), data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fixModule{name: name, dir: dir, file: file}
}

// workspaces partitions mods into groups that agree on the version of
// every module two of them require, in the order of mods: a workspace
// builds each module at the highest version any of its modules requires,
// and a module analyzed at another version of an SDK than it asks for
// would not be the module its test case describes.
func workspaces(mods []fixModule) [][]fixModule {
	var groups [][]fixModule
	var versions []map[string]string
next:
	for _, m := range mods {
		for i, vs := range versions {
			if agrees(vs, m.file) {
				groups[i] = append(groups[i], m)
				for _, r := range m.file.Require {
					vs[r.Mod.Path] = r.Mod.Version
				}
				continue next
			}
		}
		vs := make(map[string]string)
		for _, r := range m.file.Require {
			vs[r.Mod.Path] = r.Mod.Version
		}
		groups, versions = append(groups, []fixModule{m}), append(versions, vs)
	}
	return groups
}

func agrees(versions map[string]string, file *modfile.File) bool {
	for _, r := range file.Require {
		if v, ok := versions[r.Mod.Path]; ok && v != r.Mod.Version {
			return false
		}
	}
	return true
}

// applyFixes applies every suggested fix of every analyzer to the
// packages of the modules of ws, in a workspace of their own, through the
// framework, and returns the patch it printed. It fails the test if the
// framework could not apply them.
func applyFixes(t *testing.T, ws []fixModule) (patch string) {
	t.Helper()
	dir := t.TempDir()
	goVersion := "1.21"
	var sums bytes.Buffer // every module's go.sum, and the repository's, which they replace
	root, err := os.ReadFile(filepath.Join(testenv.Root(t), "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	sums.Write(root)
	var uses, patterns []string
	for _, m := range ws {
		uses = append(uses, "\t"+strconv.Quote(m.dir)+"\n")
		if m.file.Go != nil && semver.Compare("v"+m.file.Go.Version, "v"+goVersion) > 0 {
			goVersion = m.file.Go.Version
		}
		if sum, err := os.ReadFile(filepath.Join(m.dir, "go.sum")); err == nil {
			sums.Write(sum)
		}
		patterns = append(patterns, m.file.Module.Mod.Path+"/...")
	}
	workFile := filepath.Join(dir, "go.work")
	work := "go " + goVersion + "\n\nuse (\n" + strings.Join(uses, "") + ")\n"
	if err := os.WriteFile(workFile, []byte(work), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.work.sum"), dedupLines(sums.Bytes()), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], append([]string{"-fix", "-diff"}, patterns...)...)
	cmd.Dir = dir
	// Offline, from the module cache that testenv.Download and sdkCorpus
	// filled; a workspace takes no -mod=mod.
	cmd.Env = append(os.Environ(), "GOWORK="+workFile, "GOFLAGS=", "GOPROXY=off", "GOSUMDB=off", "GOTOOLCHAIN=local", multicheckerEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
		t.Errorf("applying the suggested fixes in %s: %v\n%s", strings.Join(patterns, " "), err, stderr.String())
	}
	return stdout.String()
}

// dedupLines returns the distinct lines of b, sorted.
func dedupLines(b []byte) []byte {
	set := make(map[string]bool)
	for line := range strings.SplitSeq(string(b), "\n") {
		if line != "" {
			set[line] = true
		}
	}
	return []byte(strings.Join(slices.Sorted(maps.Keys(set)), "\n") + "\n")
}
