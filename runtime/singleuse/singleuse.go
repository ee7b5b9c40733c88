// Package singleuse records the calls that have been carried out, so that a
// multi-round call whose user confirmed it once runs once.
//
// Sealed requestState binds a call's state to its principal, method, target,
// arguments and audience, and gives it an expiry; the 2026-07-28
// specification warns that this bounds replay but does not make state single
// use, and that a server whose state must be consumed at most once must
// enforce that itself. The resolver engine (runtime/resolve) gives each call
// an id in its first round, seals it into every state of the call, and
// spends it in a [Store] just before the handler runs: a request presenting
// any state of a spent call, from any round, is refused.
//
// [Memory] is the store of one process, the default. Replicas that serve
// each other's rounds share a store; runtime/singleuse/redisstore is one on
// Redis, in a module of its own so that a server that does not use it never
// builds its client.
package singleuse

import (
	"context"
	"errors"
	"time"
)

// A Store records spent call ids. Implementations are safe for concurrent
// use.
type Store interface {
	// Spend records id as spent until the time until, atomically: of any
	// number of concurrent Spend calls with one id, from every process
	// that shares the store, one returns nil and the others return
	// ErrSpent, until that time has passed. Any other error means the
	// store could not record the spend; the caller must then not carry
	// out the call.
	Spend(ctx context.Context, id string, until time.Time) error
	// Spent reports whether id is spent. An error means the store could
	// not answer; the caller must then treat the call as not servable.
	Spent(ctx context.Context, id string) (bool, error)
}

// ErrSpent is the error of [Store.Spend] for an id that is already spent.
var ErrSpent = errors.New("singleuse: call already spent")

// ErrFull is the error of [Memory.Spend] when the store holds as many
// unexpired ids as its bound allows: it refuses the spend (the call does
// not run) rather than forget an id that may still be replayed.
var ErrFull = errors.New("singleuse: store full")

// MaxIDBytes bounds an id. The engine's ids are 22 bytes; a longer id is
// refused, so that the memory a store holds per id is bounded too.
const MaxIDBytes = 64

// ErrBadID is the error of Spend and Spent for an empty id or one longer
// than MaxIDBytes.
var ErrBadID = errors.New("singleuse: id empty or longer than MaxIDBytes")

// CheckID returns ErrBadID for an id a store must refuse.
func CheckID(id string) error {
	if id == "" || len(id) > MaxIDBytes {
		return ErrBadID
	}
	return nil
}
