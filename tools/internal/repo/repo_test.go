package repo

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSourceHash checks that the hash changes exactly when something that
// goes into a binary built with mcplint changes: a non-test Go source,
// go.mod, go.sum or an extra; not a test file, testdata, examples, tools
// or the cache.
func TestSourceHash(t *testing.T) {
	root := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module "+Module+"\n")
	write("go.sum", "")
	write("a/a.go", "package a\n")
	hash := func(extra ...string) string {
		t.Helper()
		h, err := SourceHash(root, extra...)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	base := hash()
	for _, name := range []string{"a/a_test.go", "a/testdata/x.go", "examples/e/e.go", "tools/t.go", ".cache/c.go", "a/README.md"} {
		write(name, "package x\n")
		if h := hash(); h != base {
			t.Errorf("writing %s changed the hash", name)
		}
	}
	if hash("gopls v0.23.0") == base {
		t.Error("an extra does not change the hash")
	}
	for _, change := range [][2]string{{"a/a.go", "package a\n\nvar X int\n"}, {"b/b.go", "package b\n"}, {"go.sum", "x v1 h1:\n"}} {
		write(change[0], change[1])
		if h := hash(); h == base {
			t.Errorf("writing %s did not change the hash", change[0])
		}
		base = hash()
	}
}

// TestInstallDir checks that a failed install leaves nothing, and that a
// complete one is kept and not made again.
func TestInstallDir(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "pkg")
	if err := InstallDir(dest, func(out string) error {
		os.MkdirAll(out, 0o777)
		return os.ErrInvalid
	}); err == nil {
		t.Fatal("a failed fill succeeded")
	}
	if _, err := os.Stat(dest); err == nil {
		t.Fatal("a failed install left its directory")
	}
	calls := 0
	fill := func(out string) error {
		calls++
		os.MkdirAll(out, 0o777)
		return os.WriteFile(filepath.Join(out, "ok"), nil, 0o666)
	}
	for range 2 {
		if err := InstallDir(dest, fill); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "ok")); err != nil || calls != 1 {
		t.Errorf("install: %v, fill ran %d times; want the directory, filled once", err, calls)
	}
}
