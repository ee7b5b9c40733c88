// Package modcopy gives tests a writable copy of a module from the module
// cache, ready to build offline from its own root: how mcplint's tests lint
// the SDK modules in place.
package modcopy

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Writable returns a writable copy of the module path@version, downloaded
// into the module cache first if needed, with its requirements downloaded
// too. The downloads use the configured proxy; everything after can run
// with GOPROXY=off.
func Writable(t testing.TB, module string) string {
	t.Helper()
	online := append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	download := exec.Command("go", "mod", "download", "-json", module)
	download.Dir = t.TempDir() // outside any module
	download.Env = online
	out, err := download.Output()
	var info struct{ Dir, Error string }
	if err != nil || json.Unmarshal(out, &info) != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %v %s\n%s", module, err, info.Error, out)
	}
	dir := filepath.Join(t.TempDir(), filepath.Base(info.Dir))
	if err := os.CopyFS(dir, os.DirFS(info.Dir)); err != nil {
		t.Fatal(err)
	}
	deps := exec.Command("go", "mod", "download")
	deps.Dir = dir
	deps.Env = online
	if out, err := deps.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", module, err, out)
	}
	return dir
}
