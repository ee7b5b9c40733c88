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
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Root returns the absolute path of the repository root.
func Root(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the testenv package")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// offline is the environment that loads a testdata module offline.
var offline = []string{"GOFLAGS=-mod=mod", "GOSUMDB=off", "GOWORK=off"}

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
