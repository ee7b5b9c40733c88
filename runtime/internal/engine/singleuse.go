package engine

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"time"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/sealcore"
	"github.com/mcplint/mcplint/runtime/singleuse"
)

// DefaultCallLifetime is how long a call may take, from its first round to
// its handler, when SingleUse.Lifetime is zero: time for a user to answer
// each question of a long chain, and the time each spent call is
// remembered.
const DefaultCallLifetime = 30 * time.Minute

// StoreFailedMessage is the failure of a call whose single use the store
// could not check or record: the handler did not run. The store's error
// goes to the logger only.
const StoreFailedMessage = "the server could not make sure that this call runs only once, so it did not run it; try again later"

// SingleUse configures single use (at most once): each call gets an id in
// its first round, sealed into every state of the call, and the id is
// spent in Store just before the handler runs on a request that presented
// state. A request presenting state of a spent call, from any round, is
// refused with the -32602 of rejected state, and runs nothing. The bindings
// fill it from their Options.
type SingleUse struct {
	// Off turns single use off: a call's final state may be presented
	// again until it expires, and runs the handler again.
	Off bool
	// Store records spent ids; nil means a [singleuse.Memory] of this
	// process, with its default bound.
	Store singleuse.Store
	// Lifetime bounds a call from its first round: state of the call is
	// refused from then on, and the spent id is kept until then. Zero
	// means DefaultCallLifetime. The state carries the end in whole
	// seconds, rounded up, so a call may last up to a second longer,
	// never shorter; a Lifetime under a second, or negative, is refused.
	Lifetime time.Duration
	// Now returns the current time; nil means time.Now. Tests set it.
	Now func() time.Time
}

// SetSingleUse configures single use for every registration of c; a
// binding calls it from New, before any registration serves. [NewConfig]
// turns single use on, over a memory store of the Config's own; with a
// memory store and a key ring shared by replicas, SetSingleUse logs a
// warning. It fails, and changes nothing, for a Lifetime that the state
// cannot carry.
func (c *Config) SetSingleUse(su SingleUse) error {
	if su.Off {
		c.singleUse = nil
		return nil
	}
	switch {
	case su.Lifetime < 0:
		return fmt.Errorf("resolve: negative CallLifetime %v", su.Lifetime)
	case su.Lifetime > 0 && su.Lifetime < time.Second:
		return fmt.Errorf("resolve: CallLifetime %v is under a second, which the state cannot carry: it holds a call's end in whole seconds", su.Lifetime)
	}
	if su.Store == nil {
		su.Store = singleuse.NewMemory(nil)
		if keys, _ := sealcore.KeysFromEnv(); keys != nil {
			// A shared key ring means replicas that open each other's
			// state, usually: then a call spent on one replica can be
			// replayed on another.
			c.logger.Warn("resolve: single use holds within this process only: replicas that share " + sealcore.KeysEnv +
				" and serve each other's rounds need a shared store (Options.SpentStore, such as runtime/singleuse/redisstore)")
		}
	}
	if su.Lifetime == 0 {
		su.Lifetime = DefaultCallLifetime
	}
	if su.Now == nil {
		su.Now = time.Now
	}
	c.singleUse = &su
	return nil
}

// singleUse returns the single-use configuration of the engine's calls,
// or nil. It covers tools: prompts/get and resources/read read, and a
// client that repeats one gets what it got.
func (e *Engine) singleUse() *SingleUse {
	if e.method != rules.Tool {
		return nil
	}
	return e.cfg.singleUse
}

// CallID identifies a call under single use, in every state of the call.
type CallID struct {
	// ID is the call's id as the store and the log see it: for a call
	// begun by this build, the unpadded base32 of 16 random bytes, which
	// the binary state carries as those bytes (see [EncodeState]).
	ID string `json:"id"`
	// Until is when the call's lifetime ends, in Unix seconds, rounded up
	// (rounded down, a call of a 2 s lifetime could end after 1 s): its
	// state is refused from then on, and its spend is kept until then. It
	// is fixed in the first round, so that no state of the call, not even
	// one a replayed earlier round mints, outlives the spend.
	Until int64 `json:"u"`
}

func (c *CallID) until() time.Time { return time.Unix(c.Until, 0) }

// newCall mints the id of a call in its first round.
func (su *SingleUse) newCall() *CallID {
	var raw [callIDSize]byte
	rand.Read(raw[:])
	return &CallID{ID: callIDText.EncodeToString(raw[:]), Until: unixCeil(su.Now().Add(su.Lifetime))}
}

// unixCeil is t in Unix seconds, rounded up.
func unixCeil(t time.Time) int64 {
	if t.Nanosecond() > 0 {
		return t.Unix() + 1
	}
	return t.Unix()
}

// callIDSize is the number of random bytes of a call id: 128 bits, so that
// no two calls share one.
const callIDSize = 16

// callIDText spells a call id's bytes, in callIDTextSize characters.
var callIDText = base32.StdEncoding.WithPadding(base32.NoPadding)

const callIDTextSize = (callIDSize*8 + 4) / 5

// rawCallID returns the bytes whose text a call id is, if it is one that
// newCall mints; an id that a replica of an earlier build minted mostly is
// not. The decoder drops the last character's spare bits, so the id must
// also be the text of its bytes: the state then gives back the same text.
func rawCallID(id string) ([callIDSize]byte, bool) {
	var raw [callIDSize]byte
	if len(id) != callIDTextSize {
		return raw, false
	}
	n, err := callIDText.Decode(raw[:], []byte(id))
	if err != nil || n != callIDSize {
		return raw, false
	}
	var text [callIDTextSize]byte
	callIDText.Encode(text[:], raw[:])
	return raw, string(text[:]) == id
}

// admit checks, under single use, the call whose state the request
// presented, before anything of the round runs, and sets the call the
// round carries: the state's, or a new one for a first round. State of a
// spent call, or of a call past its lifetime, is rejected state; state
// that carries no call (sealed before single use was on) is no progress,
// and the questions are asked again.
func (r *round) admit() (_ Ending, _ error, done bool) {
	su := r.e.singleUse()
	if su == nil {
		return Ending{}, nil, false
	}
	if r.x.State == "" || r.prior.Call == nil {
		if p := r.prior; len(p.Answers) > 0 || len(p.Asked) > 0 || len(p.Changed) > 0 {
			// Unreadable state was logged and emptied by openState.
			r.log().Warn("requestState ignored", "reason", "it names no call, and single use is on")
			r.prior = &State{Version: StateVersion}
		}
		r.call = su.newCall()
		return Ending{}, nil, false
	}
	call := r.prior.Call
	if !su.Now().Before(call.until()) {
		r.log().Warn("requestState rejected", "reason", "the call's lifetime is over", "call", call.ID)
		return Ending{}, InvalidState(), true
	}
	spent, err := su.Store.Spent(r.x.Ctx, call.ID)
	if err != nil {
		r.log().Error("resolve: the single-use store failed; the call did not go on", "call", call.ID, "err", err)
		return failed(StoreFailedMessage), nil, true
	}
	if spent {
		r.log().Warn("requestState rejected", "reason", "replay", "call", call.ID)
		return Ending{}, InvalidState(), true
	}
	r.call, r.presented = call, true
	return Ending{}, nil, false
}

// spend spends the call, under single use, just before its handler runs on
// a request that presented its state: of every request presenting state of
// the call, one gets here first and runs the handler; the others are
// refused. A first round that needs no question has no state to replay,
// and spends nothing.
func (r *round) spend() (_ Ending, _ error, refused bool) {
	su := r.e.singleUse()
	if su == nil || !r.presented {
		return Ending{}, nil, false
	}
	switch err := su.Store.Spend(r.x.Ctx, r.call.ID, r.call.until()); {
	case err == nil:
		return Ending{}, nil, false
	case errors.Is(err, singleuse.ErrSpent):
		r.log().Warn("requestState rejected", "reason", "replay", "call", r.call.ID)
		return Ending{}, InvalidState(), true
	default:
		r.log().Error("resolve: the single-use store failed; the handler did not run", "call", r.call.ID, "err", err)
		return failed(StoreFailedMessage), nil, true
	}
}
