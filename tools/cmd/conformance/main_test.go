package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTally(t *testing.T) {
	work := t.TempDir()
	write := func(dir, checks string) {
		d := filepath.Join(work, "results", dir)
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "checks.json"), []byte(checks), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("server-good-2026", `[{"id":"a","status":"SUCCESS"},{"id":"b","status":"INFO"},{"id":"c","status":"SUCCESS"}]`)
	write("server-warned-2026", `[{"id":"d","status":"SUCCESS"},{"id":"e","status":"WARNING","description":"late","errorMessage":"took 3 s"}]`)
	os.WriteFile(filepath.Join(work, "silent.log"), []byte("connection refused\n"), 0o666)
	var out strings.Builder
	passed, failed := tally(&out, work, []string{"good", "warned", "silent"})
	if passed != 3 || failed != 2 {
		t.Errorf("tally = %d passed, %d failed; want 3 and 2 (a WARNING and a scenario with no checks fail)\n%s", passed, failed, out.String())
	}
	for _, want := range []string{"ok    good (2/3)", "FAIL  warned (1/2)", "WARNING e: late", "took 3 s", "FAIL  silent: no checks recorded", "connection refused"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
