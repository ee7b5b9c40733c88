package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessCountsWork checks that busy work moves the process's CPU
// time forward, where the platform can tell it.
func TestProcessCountsWork(t *testing.T) {
	before, ok := process()
	if !ok {
		if runtime.GOOS != "windows" && runtime.GOOS != "plan9" && runtime.GOOS != "js" && runtime.GOOS != "wasip1" {
			t.Fatalf("no CPU time on %s", runtime.GOOS)
		}
		t.Skipf("no CPU time on %s", runtime.GOOS)
	}
	x := 0
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
		x++
	}
	after, _ := process()
	if after <= before {
		t.Errorf("CPU time %v, then %v after %d loops of busy work", before, after, x)
	}
}

// TestElapsedCountsWork checks that a Meter's Elapsed counts the busy
// work since its Start, where the platform can tell CPU time.
func TestElapsedCountsWork(t *testing.T) {
	if _, ok := process(); !ok {
		t.Skipf("no CPU time on %s", runtime.GOOS)
	}
	m := Start()
	for deadline := time.Now().Add(30 * time.Millisecond); time.Now().Before(deadline); {
	}
	if got := m.Elapsed(); got < 10*time.Millisecond {
		t.Errorf("Elapsed after 30 ms of busy work: %v", got)
	}
}

func BenchmarkReport(b *testing.B) {
	m := Start()
	for b.Loop() {
		runtime.Gosched()
	}
	m.Report(b)
}
