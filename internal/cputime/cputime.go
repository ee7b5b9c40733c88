// Package cputime reports a benchmark's CPU time per operation: the
// user and system time of the whole process, which other work on a shared
// machine disturbs much less than wall time. It suits benchmarks whose
// client and server both run in the process, so that the process's time is
// the call's cost.
package cputime

import (
	"testing"
	"time"
)

// A Meter measures the CPU time the process uses from its Start.
type Meter struct {
	start time.Duration
	ok    bool
}

// Start starts a Meter at the process's CPU time so far.
func Start() Meter {
	t, ok := process()
	return Meter{t, ok}
}

// Elapsed returns the CPU time the process has used since m started, or 0
// where the platform cannot tell it.
func (m Meter) Elapsed() time.Duration {
	now, ok := process()
	if !m.ok || !ok {
		return 0
	}
	return now - m.start
}

// Report reports the CPU time since m started, per operation of b, as the
// metric cpu-ns/op. Where the platform cannot tell a process's CPU time, it
// reports nothing.
func (m Meter) Report(b *testing.B) {
	now, ok := process()
	if !m.ok || !ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64(now-m.start)/float64(b.N), "cpu-ns/op")
}

// SideBySide runs calls side by side for b: each iteration calls each of
// them once, the order turning each iteration, and it returns the CPU time
// each took in all (zeros where the platform cannot tell CPU time). Calls
// made in turn see the same machine speed, which separate benchmark runs
// on a shared machine do not; the turning order lets the garbage one call
// leaves be collected as often during each of the others.
func SideBySide(b *testing.B, calls ...func()) []time.Duration {
	cpu := make([]time.Duration, len(calls))
	turn := 0
	for b.Loop() {
		for k := range calls {
			i := (k + turn) % len(calls)
			m := Start()
			calls[i]()
			cpu[i] += m.Elapsed()
		}
		turn++
	}
	return cpu
}
