package analyzers_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
	os.Exit(m.Run())
}

// applyFixes applies every suggested fix of every analyzer to the
// packages of the module in dir, through the framework (-fix -diff, which
// prints the patch and writes nothing), and fails if the framework
// cannot: a fix that is malformed or that conflicts with another stops
// every driver's -fix, and a panic in the analyzers stops the run.
func applyFixes(t *testing.T, dir string, env []string) (patch string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-fix", "-diff", "./...")
	cmd.Dir = dir
	cmd.Env = append(env, multicheckerEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
		t.Errorf("applying the suggested fixes in %s: %v\n%s", dir, err, stderr.String())
	}
	return stdout.String()
}

// TestFixesApply applies every analyzer's suggested fixes to every test
// case module: no fix may stop the framework's -fix (the SDK corpora are
// fixed the same way by TestRobustness).
func TestFixesApply(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes every test case module")
	}
	mods, err := filepath.Glob(filepath.Join(testenv.Root(t), "testdata", "src", "*", "go.mod"))
	if err != nil || len(mods) == 0 {
		t.Fatalf("no test case modules: %v", err)
	}
	patched := 0
	for _, mod := range mods {
		dir := filepath.Dir(mod)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			testenv.Module(t, filepath.Base(dir))
			if strings.Contains(applyFixes(t, dir, os.Environ()), "\n+") {
				patched++
			}
		})
	}
	if patched == 0 {
		t.Error("no test case module has a suggested fix: the test checks nothing")
	}
}
