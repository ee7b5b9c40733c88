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
	// Busy work until the process has 30 ms more CPU time (not 30 ms of
	// wall time, which a loaded machine may give a tenth of that).
	m := Start()
	start, _ := process()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		if now, _ := process(); now-start >= 30*time.Millisecond {
			break
		}
	}
	if got := m.Elapsed(); got < 20*time.Millisecond {
		t.Errorf("Elapsed after 30 ms of the process's CPU time in busy work: %v", got)
	}
}

// TestSideBySide checks that each call runs once an iteration, in turning
// order, and is charged its own CPU time.
func TestSideBySide(t *testing.T) {
	if _, ok := process(); !ok {
		t.Skipf("no CPU time on %s", runtime.GOOS)
	}
	var order []int
	busy := func(d time.Duration) {
		for deadline := time.Now().Add(d); time.Now().Before(deadline); {
		}
	}
	var cpu []time.Duration
	testing.Benchmark(func(b *testing.B) {
		order = order[:0]
		cpu = SideBySide(b,
			func() { order = append(order, 0); busy(2 * time.Millisecond) },
			func() { order = append(order, 1) },
		)
	})
	for i := 0; i+3 < len(order); i += 4 {
		if order[i] != 0 || order[i+1] != 1 || order[i+2] != 1 || order[i+3] != 0 {
			t.Fatalf("order %v, want 0 1 then 1 0, turning", order[:i+4])
		}
	}
	if len(cpu) != 2 || cpu[0] <= cpu[1] {
		t.Errorf("CPU times %v: want the busy call charged more", cpu)
	}
}

func BenchmarkReport(b *testing.B) {
	m := Start()
	for b.Loop() {
		runtime.Gosched()
	}
	m.Report(b)
}
