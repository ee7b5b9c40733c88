package singleuse_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/runtime/singleuse"
)

// clock is a settable time for the store.
type clock struct{ t atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.t.Store(time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC).UnixNano())
	return c
}
func (c *clock) now() time.Time               { return time.Unix(0, c.t.Load()) }
func (c *clock) advance(d time.Duration)      { c.t.Add(int64(d)) }
func (c *clock) in(d time.Duration) time.Time { return c.now().Add(d) }

func TestMemorySpendOnce(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	m := singleuse.NewMemory(&singleuse.MemoryOptions{Now: c.now})
	if spent, err := m.Spent(ctx, "call-1"); spent || err != nil {
		t.Fatalf("Spent before Spend = %v, %v", spent, err)
	}
	if err := m.Spend(ctx, "call-1", c.in(time.Minute)); err != nil {
		t.Fatalf("first Spend: %v", err)
	}
	if err := m.Spend(ctx, "call-1", c.in(time.Hour)); !errors.Is(err, singleuse.ErrSpent) {
		t.Fatalf("second Spend = %v, want ErrSpent", err)
	}
	if spent, err := m.Spent(ctx, "call-1"); !spent || err != nil {
		t.Fatalf("Spent after Spend = %v, %v", spent, err)
	}
	if err := m.Spend(ctx, "call-2", c.in(time.Minute)); err != nil {
		t.Fatalf("another id: %v", err)
	}
	// Once its time has passed, an id is forgotten: the state that could
	// present it has expired too.
	c.advance(time.Minute)
	if spent, _ := m.Spent(ctx, "call-1"); spent {
		t.Fatal("Spent after the id's time = true")
	}
	if err := m.Spend(ctx, "call-3", c.in(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if n := m.Len(); n != 1 {
		t.Fatalf("Len after the first two expired = %d, want 1 (expired ids dropped)", n)
	}
}

func TestMemoryRefusesBadIDs(t *testing.T) {
	ctx := context.Background()
	m := singleuse.NewMemory(nil)
	long := string(make([]byte, singleuse.MaxIDBytes+1))
	for _, id := range []string{"", long} {
		if err := m.Spend(ctx, id, time.Now().Add(time.Minute)); !errors.Is(err, singleuse.ErrBadID) {
			t.Errorf("Spend(%d bytes) = %v, want ErrBadID", len(id), err)
		}
		if _, err := m.Spent(ctx, id); !errors.Is(err, singleuse.ErrBadID) {
			t.Errorf("Spent(%d bytes) = %v, want ErrBadID", len(id), err)
		}
	}
}

// A full store fails closed: it refuses the spend (so the call does not
// run) rather than drop an unexpired id, and takes spends again once ids
// expire.
func TestMemoryFullFailsClosed(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	m := singleuse.NewMemory(&singleuse.MemoryOptions{Max: 3, Now: c.now})
	for i := range 3 {
		if err := m.Spend(ctx, fmt.Sprint("id-", i), c.in(time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Spend(ctx, "id-3", c.in(time.Minute)); !errors.Is(err, singleuse.ErrFull) {
		t.Fatalf("Spend on a full store = %v, want ErrFull", err)
	}
	for i := range 3 {
		if err := m.Spend(ctx, fmt.Sprint("id-", i), c.in(time.Minute)); !errors.Is(err, singleuse.ErrSpent) {
			t.Fatalf("replay of id-%d on a full store = %v, want ErrSpent (still remembered)", i, err)
		}
	}
	c.advance(time.Minute) // id-0 expires
	if err := m.Spend(ctx, "id-3", c.in(time.Minute)); err != nil {
		t.Fatalf("Spend once an id expired: %v", err)
	}
	if err := m.Spend(ctx, "id-4", c.in(time.Minute)); !errors.Is(err, singleuse.ErrFull) {
		t.Fatalf("Spend = %v, want ErrFull again", err)
	}
}

// A flood of distinct ids, from many goroutines, never takes the store past
// its bound, and every id it accepted stays spent.
func TestMemoryFloodStaysWithinBound(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	const max = 1000
	m := singleuse.NewMemory(&singleuse.MemoryOptions{Max: max, Now: c.now})
	var accepted, full atomic.Int64
	var peak atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 5000 {
				err := m.Spend(ctx, fmt.Sprintf("flood-%d-%d", g, i), c.in(time.Hour))
				switch {
				case err == nil:
					accepted.Add(1)
				case errors.Is(err, singleuse.ErrFull):
					full.Add(1)
				default:
					t.Error(err)
					return
				}
				if n := int64(m.Len()); n > peak.Load() {
					peak.Store(n)
				}
			}
		}()
	}
	wg.Wait()
	if accepted.Load() != max || m.Len() != max || peak.Load() > max {
		t.Fatalf("accepted %d, holds %d, peak %d; want %d each (bound)", accepted.Load(), m.Len(), peak.Load(), max)
	}
	if full.Load() != 8*5000-max {
		t.Fatalf("refused %d as full, want %d", full.Load(), 8*5000-max)
	}
	// With short-lived ids the store keeps taking spends: each expired id
	// makes room.
	c.advance(time.Hour)
	for i := range 10 * max {
		if err := m.Spend(ctx, fmt.Sprint("short-", i), c.in(time.Second)); err != nil {
			t.Fatalf("short-lived id %d: %v", i, err)
		}
		c.advance(time.Second)
		if m.Len() > max {
			t.Fatalf("holds %d > %d", m.Len(), max)
		}
	}
}

// Of many concurrent spends of one id, exactly one succeeds.
func TestMemoryConcurrentSpend(t *testing.T) {
	ctx := context.Background()
	m := singleuse.NewMemory(nil)
	var ok, spent atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			switch err := m.Spend(ctx, "same", time.Now().Add(time.Minute)); {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, singleuse.ErrSpent):
				spent.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if ok.Load() != 1 || spent.Load() != 49 {
		t.Fatalf("%d succeeded, %d refused; want 1 and 49", ok.Load(), spent.Load())
	}
}

// The memory a full store of the engine's 22-byte ids holds, which the
// documentation of DefaultMemoryMax states.
func TestMemoryBytesPerID(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("allocates a full default store; the race detector's shadow memory would count too")
	}
	ctx := context.Background()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := singleuse.NewMemory(nil)
	until := time.Now().Add(time.Hour)
	for i := range singleuse.DefaultMemoryMax {
		if err := m.Spend(ctx, fmt.Sprintf("%022d", i), until); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / singleuse.DefaultMemoryMax
	t.Logf("%d ids of 22 bytes: %.0f bytes per id, %.1f MiB", singleuse.DefaultMemoryMax, per, per*singleuse.DefaultMemoryMax/(1<<20))
	if per > 200 {
		t.Errorf("%.0f bytes per id; DefaultMemoryMax's documentation says at most 200", per)
	}
	runtime.KeepAlive(m)
}
