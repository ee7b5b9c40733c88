// Package modcopy gives tests a writable copy of a module from the module
// cache, ready to build offline from its own root: how mcplint's tests lint
// the SDK modules in place. The tools module (tools/) uses [Download] and
// [Copy] for the same work in the benchmark and build commands.
package modcopy

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// online is the environment of the go commands that download: the
// configured proxy, no workspace and no inherited -mod flag.
func online() []string {
	return append(os.Environ(), "GOFLAGS=", "GOWORK=off")
}

// Download downloads the module path@version into the module cache, if it
// is not there yet, and returns the directory of its (read-only) source
// there. It reads the go command's JSON answer, so an error the go command
// reports about the module is returned as it says it.
func Download(module string) (string, error) {
	outside, err := os.MkdirTemp("", "modcopy")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(outside)
	download := exec.Command("go", "mod", "download", "-json", module)
	download.Dir = outside // outside any module
	download.Env = online()
	out, runErr := download.Output()
	var info struct{ Dir, Error string }
	if jsonErr := json.Unmarshal(out, &info); jsonErr != nil || info.Dir == "" {
		switch {
		case info.Error != "":
			return "", fmt.Errorf("go mod download %s: %s", module, info.Error)
		case runErr != nil:
			var stderr string
			if exit, ok := runErr.(*exec.ExitError); ok {
				stderr = strings.TrimSpace(string(exit.Stderr))
			}
			return "", fmt.Errorf("go mod download %s: %v %s", module, runErr, stderr)
		}
		return "", fmt.Errorf("go mod download %s: no source directory in its answer %q", module, out)
	}
	return info.Dir, nil
}

// Copy copies the module source src (as [Download] returns it) to dst,
// writable, and downloads the module's requirements, so that it builds
// offline from dst.
func Copy(src, dst string) error {
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		return err
	}
	deps := exec.Command("go", "mod", "download")
	deps.Dir = dst
	deps.Env = online()
	if out, err := deps.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod download in %s: %v\n%s", dst, err, out)
	}
	return nil
}

// Writable returns a writable copy of the module path@version, downloaded
// into the module cache first if needed, with its requirements downloaded
// too. The downloads use the configured proxy; everything after can run
// with GOPROXY=off.
func Writable(t testing.TB, module string) string {
	t.Helper()
	src, err := Download(module)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := Copy(src, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}
