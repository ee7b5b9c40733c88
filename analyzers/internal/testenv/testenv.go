// Package testenv locates the module-mode testdata of mcplint's analyzers
// and prepares the environment to load it offline.
//
// Each test case is a module under testdata/src/<case> at the root of the
// repository, with its own go.mod that replaces github.com/mcplint/mcplint
// with the repository itself (../../..), so that the cases use the real
// runtime and SDK types. They load from the module cache alone: the tests
// set GOPROXY=off, and [Env] GOFLAGS=-mod=mod and GOSUMDB=off so that a
// requirement added to the root go.mod since the case's go.sum was written
// is taken from the cache instead of failing. [Download] first downloads
// the case's requirements into the module cache (through the configured
// proxy, once; a no-op when they are there), so that a fresh machine can
// run the tests.
package testenv

import (
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/mod/modfile"
)

// Root returns the absolute path of the repository root: the nearest
// directory above the test's own (go test runs a test in its package's
// directory) whose go.mod is mcplint's. It does not ask runtime.Caller,
// whose file names -trimpath makes relative.
func Root(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modfile.ModulePath(data) == module {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no directory above the test's has the go.mod of %s", module)
		}
		dir = parent
	}
}

// module is the path of mcplint's module.
const module = "github.com/mcplint/mcplint"

// offline is the environment that loads a testdata module offline; -mod=mod
// is added to the caller's GOFLAGS, which keep their effect.
var offline = []string{"GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOSUMDB=off", "GOWORK=off"}

// Env returns the process's environment with the settings that load a
// testdata module offline, for a test to pass to the go command (or
// go/packages) itself, which leaves the process's environment alone.
func Env() []string { return append(os.Environ(), offline...) }

// Download returns the absolute path of the testdata module
// testdata/src/name, with its requirements in the module cache.
func Download(t testing.TB, name string) string {
	dir := filepath.Join(Root(t), "testdata", "src", name)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("testdata module %s: %v", name, err)
	}
	download := exec.Command("go", "mod", "download")
	download.Dir = dir
	download.Env = Env()
	if out, err := download.CombinedOutput(); err != nil {
		t.Fatalf("testdata module %s: go mod download: %v\n%s", name, err, out)
	}
	return dir
}

// UseGOROOT points go/build's default context, which go/importer's
// importers look packages up in, at the go command's GOROOT, where the
// test binary does not record its own: a binary built with -trimpath (as
// the test command builds them) has no GOROOT of its own, and go test
// does not set the variable.
func UseGOROOT(t testing.TB) {
	t.Helper()
	gorootOnce.Do(func() {
		if build.Default.GOROOT != "" {
			return
		}
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			gorootErr = fmt.Errorf("go env GOROOT: %v", err)
			return
		}
		build.Default.GOROOT = strings.TrimSpace(string(out))
	})
	if gorootErr != nil {
		t.Fatal(gorootErr)
	}
}

var (
	gorootOnce sync.Once
	gorootErr  error
)
