package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The logs' format is valgrind's: each line of a process prefixed with its
// pid; the count is the "Collected" line of the summary.
func TestSumCallgrindLogs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("101.log", "==101== Callgrind, a call-graph generating cache profiler\n==101== Command: mcplint -flags\n==101== \n==101== Events    : Ir\n==101== Collected : 2500\n==101== \n==101== I   refs:      2,500\n")
	write("example.com!m@102.log", "==102== Command: mcplint vet.cfg\n==102== Collected : 1000000\n")
	write("std-fmt@105.log", "==105== Command: mcplint vet.cfg\n==105== Collected : 30\n")
	write("notes.txt", "==103== Collected : 7\n") // not a log
	n, err := sumCallgrindLogs(dir)
	want := tally{1002530, 30, 3, map[string]int64{"example.com/m": 1000000, "fmt": 30}}
	if err != nil || n.instructions != want.instructions || n.std != want.std || n.processes != want.processes || !maps.Equal(n.perPackage, want.perPackage) {
		t.Fatalf("sumCallgrindLogs = %+v, %v; want %+v, nil", n, err, want)
	}

	// A process that died before its summary has no count: an error, not
	// a smaller total.
	write("104.log", "==104== Command: mcplint vet.cfg\n==104== Process terminating with default action of signal 9 (SIGKILL)\n")
	if _, err := sumCallgrindLogs(dir); err == nil || !strings.Contains(err.Error(), "104.log has no count") {
		t.Fatalf("sumCallgrindLogs with a log without a count: err = %v, want one naming 104.log", err)
	}
}

func TestVetUnit(t *testing.T) {
	goroot := t.TempDir()
	t.Setenv("GOROOT", goroot)
	dir := t.TempDir()
	for i, c := range []struct {
		cfg  string
		name string
		std  bool
	}{
		{`{"Dir": "` + filepath.Join(goroot, "src", "fmt") + `", "ModulePath": ""}`, "vet.cfg", true},
		{`{"Dir": "` + filepath.Join(goroot, "src", "fmt") + `", "ModulePath": "example.com/m"}`, "vet.cfg", false},
		{`{"Dir": "` + goroot + `/srcx/fmt"}`, "vet.cfg", false},
		{`{"Dir": "` + filepath.Join(goroot, "src", "fmt") + `"}`, "vet.json", false},
		{`{`, "vet.cfg", false},
	} {
		path := filepath.Join(dir, strconv.Itoa(i)+c.name)
		if err := os.WriteFile(path, []byte(c.cfg), 0o666); err != nil {
			t.Fatal(err)
		}
		if _, got := vetUnit(path); got != c.std {
			t.Errorf("vetUnit(%s %s) = %v, want %v", c.name, c.cfg, got, c.std)
		}
	}
}

func TestLargestDifferences(t *testing.T) {
	a := map[string]int64{"x": 10, "y": 100, "z": 5}
	b := map[string]int64{"x": 40, "y": 99, "w": 7}
	got := largestDifferences(a, b, 3)
	want := []difference{{"x", -30}, {"w", -7}, {"z", 5}}
	if !slices.Equal(got, want) {
		t.Errorf("largestDifferences = %v, want %v", got, want)
	}
}
