package main

import (
	"os"
	"path/filepath"
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
	write("102.log", "==102== Command: mcplint vet.cfg\n==102== Collected : 1000000\n")
	write("notes.txt", "==103== Collected : 7\n") // not a log
	n, procs, err := sumCallgrindLogs(dir)
	if err != nil || n != 1002500 || procs != 2 {
		t.Fatalf("sumCallgrindLogs = %d, %d, %v; want 1002500, 2, nil", n, procs, err)
	}

	// A process that died before its summary has no count: an error, not
	// a smaller total.
	write("104.log", "==104== Command: mcplint vet.cfg\n==104== Process terminating with default action of signal 9 (SIGKILL)\n")
	if _, _, err := sumCallgrindLogs(dir); err == nil || !strings.Contains(err.Error(), "104.log has no count") {
		t.Fatalf("sumCallgrindLogs with a log without a count: err = %v, want one naming 104.log", err)
	}
}
