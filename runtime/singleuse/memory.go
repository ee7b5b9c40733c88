package singleuse

import (
	"container/heap"
	"context"
	"sync"
	"time"
)

// DefaultMemoryMax is the bound of a [Memory] store when
// MemoryOptions.Max is zero: 2^18 ids, about 100 bytes each at the
// engine's 22-byte ids (26 MiB full), each held for as long as its call's
// state could still be presented.
const DefaultMemoryMax = 1 << 18

// MemoryOptions configure a [Memory] store.
type MemoryOptions struct {
	// Max is the most ids the store holds at once; zero means
	// DefaultMemoryMax. Expired ids are dropped first; when Max unexpired
	// ids remain, Spend fails with ErrFull.
	Max int
	// Now returns the current time; nil means time.Now. Tests set it.
	Now func() time.Time
}

// Memory is a [Store] in the memory of one process. It suits a server of
// one replica, or replicas whose clients stay on one replica for the whole
// call; replicas that serve each other's rounds need a shared store.
//
// It is bounded: an id is dropped once its time has passed, and a store
// that holds Max unexpired ids refuses further spends with ErrFull, so that
// the calls fail closed rather than forget ids that may still be replayed.
type Memory struct {
	max int
	now func() time.Time

	mu      sync.Mutex
	until   map[string]int64 // id -> Unix nanoseconds it is spent until
	byUntil expiries         // the same entries, soonest first
}

// NewMemory returns an empty in-memory store; opts may be nil.
func NewMemory(opts *MemoryOptions) *Memory {
	if opts == nil {
		opts = &MemoryOptions{}
	}
	m := &Memory{max: opts.Max, now: opts.Now, until: make(map[string]int64)}
	if m.max <= 0 {
		m.max = DefaultMemoryMax
	}
	if m.now == nil {
		m.now = time.Now
	}
	return m
}

// Spend implements [Store]. It fails with ErrFull when the store holds Max
// unexpired ids, and with ErrBadID for an id [CheckID] refuses.
func (m *Memory) Spend(_ context.Context, id string, until time.Time) error {
	if err := CheckID(id); err != nil {
		return err
	}
	now := m.now().UnixNano()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dropExpired(now)
	if _, spent := m.until[id]; spent {
		return ErrSpent
	}
	u := until.UnixNano()
	if u <= now {
		return nil // nothing can present it any more
	}
	if len(m.until) >= m.max {
		return ErrFull
	}
	m.until[id] = u
	heap.Push(&m.byUntil, expiry{until: u, id: id})
	return nil
}

// Spent implements [Store].
func (m *Memory) Spent(_ context.Context, id string) (bool, error) {
	if err := CheckID(id); err != nil {
		return false, err
	}
	now := m.now().UnixNano()
	m.mu.Lock()
	defer m.mu.Unlock()
	u, ok := m.until[id]
	return ok && u > now, nil
}

// Len returns the number of ids the store holds, expired ones not yet
// dropped included.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.until)
}

// dropExpired removes every id whose time has passed.
func (m *Memory) dropExpired(now int64) {
	for len(m.byUntil) > 0 && m.byUntil[0].until <= now {
		e := heap.Pop(&m.byUntil).(expiry)
		delete(m.until, e.id)
	}
}

type expiry struct {
	until int64
	id    string
}

// expiries is a min-heap of expiries (container/heap).
type expiries []expiry

func (h expiries) Len() int           { return len(h) }
func (h expiries) Less(i, j int) bool { return h[i].until < h[j].until }
func (h expiries) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *expiries) Push(x any)        { *h = append(*h, x.(expiry)) }
func (h *expiries) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}
