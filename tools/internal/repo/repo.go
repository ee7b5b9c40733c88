// Package repo gives the tools commands the mcplint checkout they work on:
// its root, its git-ignored cache, a hash of its sources, and the
// exclusive lock and atomic install of what they put in the cache.
package repo

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Module is the module path of the checkout's root.
const Module = "github.com/mcplint/mcplint"

// Root returns the root directory of the mcplint checkout that contains
// the current directory: the nearest directory up whose go.mod declares
// [Module].
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if modulePath(filepath.Join(dir, "go.mod")) == Module {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside a checkout of " + Module + " (no go.mod declaring it above the current directory)")
		}
		dir = parent
	}
}

// modulePath returns the module path a go.mod declares, or "".
func modulePath(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// Cache returns the directory .cache/name of the checkout root (created if
// needed): git-ignored, the only place the tools write to outside the Go
// caches.
func Cache(root, name string) (string, error) {
	dir := filepath.Join(root, ".cache", name)
	return dir, os.MkdirAll(dir, 0o777)
}

// SourceHash returns a short hash of everything of mcplint that goes into
// a binary built with it (its non-test Go sources outside testdata,
// examples, tools and the cache; go.mod; go.sum), the Go version, and
// extra, so that a binary cached under it is rebuilt exactly when one of
// them changes.
func SourceHash(root string, extra ...string) (string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch {
			case rel == ".cache", rel == "examples", rel == "tools", rel == ".git", d.Name() == "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") || rel == "go.mod" || rel == "go.sum" {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	h := sha256.New()
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %x\n", filepath.ToSlash(rel), sha256.Sum256(data))
	}
	for _, e := range extra {
		fmt.Fprintln(h, e)
	}
	goVersion, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %v", err)
	}
	h.Write(goVersion)
	return fmt.Sprintf("%x", h.Sum(nil))[:16], nil
}

// FileHash returns the hash of a file's content, for [SourceHash]'s extra.
func FileHash(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %x", filepath.Base(path), sha256.Sum256(data)), nil
}

// Lock takes an exclusive lock on the file path (created if needed),
// waiting for it, so that one build at a time works in a cache directory.
// The lock goes when the returned function is called or the process ends.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %v", path, err)
	}
	return func() { f.Close() }, nil
}

// InstallDir makes dest, a directory, with fill: fill writes into a fresh
// staging directory next to dest, which then becomes dest in one rename. A
// dest that exists is complete and is left alone, so an interrupted
// install is never reused.
func InstallDir(dest string, fill func(staging string) error) error {
	if _, err := os.Stat(dest); err == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o777); err != nil {
		return err
	}
	staging, err := os.MkdirTemp(filepath.Dir(dest), ".staging.")
	if err != nil {
		return err
	}
	defer RemoveAll(staging)
	out := filepath.Join(staging, "out")
	if err := fill(out); err != nil {
		return err
	}
	if err := os.Rename(out, dest); err != nil {
		if _, statErr := os.Stat(dest); statErr == nil {
			return nil // another run completed it meanwhile
		}
		return err
	}
	return nil
}

// RemoveAll removes dir like os.RemoveAll, first making it writable (the
// module cache's copies are read-only).
func RemoveAll(dir string) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(path, 0o777)
		}
		return nil
	})
	os.RemoveAll(dir)
}

// CopyFile copies src to dst through a temporary file beside dst, so a
// reader of dst never sees half a file; dst is executable.
func CopyFile(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, in); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o755); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}
