package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/resolve"
)

// nodeState is where a resolver stands in the current round.
type nodeState int

const (
	blocked  nodeState = iota // a dependency is not resolved yet: the body did not run
	asking                    // the body asked a question that is not answered yet
	resolved                  // value and action are set
)

type nodeResult struct {
	state  nodeState
	value  reflect.Value
	action string
}

// round is one walk of a registration's resolver graph. It holds a copy of
// its exchange: a request's rounds are its one allocation (see Serve), and
// the binding's exchange stays on the binding's stack, where a pointer
// kept in the round would not let it stay.
type round struct {
	e     *Engine
	x     Exchange
	prior *State    // the state the client echoed; never nil
	fresh Responses // answers to the questions of the last round; may be nil
	// pinned: fresh answers count only for the questions prior.Asked
	// records. A first round (no requestState at all) has no record, and
	// takes answers the client sent ahead for the questions asked now.
	pinned  bool
	results []nodeResult
	argBuf  []reflect.Value // the arguments of the function being called

	// The first few results and arguments live in the round itself.
	resultArray [4]nodeResult
	argArray    [6]reflect.Value

	// Single use: the call the round belongs to (nil when off), and
	// whether the request presented its state.
	call      *CallID
	presented bool

	// Outputs of the walk.
	next      *State         // state for the next round
	questions map[string]any // questions ready this round
	missing   map[Kind]bool
}

// startRound sets up r for a round of x, as a new round. It is not
// inlined, and sets r field by field, not from a composite literal: either
// way a copy of the exchange or of the whole round would be built in the
// caller's frame first, and the stack of the request's goroutine is what
// the engine keeps small (see Serve).
//
//go:noinline
func (e *Engine) startRound(r *round, x *Exchange, prior *State, fresh Responses) {
	*r = round{}
	r.e, r.x, r.prior, r.fresh = e, *x, prior, fresh
	r.results, r.argBuf = r.resultArray[:], r.argArray[:]
	if len(e.nodes) > len(r.results) {
		r.results = make([]nodeResult, len(e.nodes))
	}
	r.results = r.results[:len(e.nodes)]
}

// run walks the graph and ends the call when it can: with an error, with
// -32021 for questions the client cannot take, or with the handler's result
// when nothing is left to ask. Otherwise r.questions holds this round's
// questions and r.next the state to carry.
func (r *round) run() (_ Ending, _ error, ended bool) {
	if end, err, done := r.walk(); done {
		return end, err, true
	}
	if len(r.missing) > 0 {
		return Ending{}, missingCapabilities(r.e.method, r.missing), true
	}
	if len(r.questions) == 0 {
		end, err := r.e.callHandler(r)
		return end, err, true
	}
	return Ending{}, nil, false
}

// walk runs every resolver whose dependencies are resolved, in dependency
// order, each at most once. It reports done with the call's result when a
// resolver fails or a plain consumer meets a declined question.
func (r *round) walk() (_ Ending, _ error, done bool) {
	for i, n := range r.e.nodes {
		args, ready, abort := r.args(n.args, n.who)
		if abort != "" {
			return failed(abort), nil, true
		}
		if !ready {
			r.carry(n) // blocked: keep its earlier answer for a later round
			continue
		}
		out := n.fn.Call(args)
		if err, _ := out[1].Interface().(error); err != nil {
			end, err := r.e.errorResult(err)
			return end, err, true
		}
		if !n.eliciting {
			r.results[i] = nodeResult{state: resolved, value: out[0], action: Accept}
			continue
		}
		v, q := resolve.Parts(out[0])
		if q == nil {
			val := reflect.New(n.provides).Elem()
			if v != nil {
				val.Set(reflect.ValueOf(v))
			}
			r.results[i] = nodeResult{state: resolved, value: val, action: Accept}
			continue
		}
		if end, err, done := r.elicit(i, n, q); done {
			return end, err, true
		}
	}
	return Ending{}, nil, false
}

// elicit resolves an asked question from a fresh answer or a stored one, or
// queues it. A recorded answer is consulted only here: after the body asked
// this very question in this round.
func (r *round) elicit(i int, n *node, q *Question) (Ending, error, bool) {
	shown, err := r.e.render(n, q)
	if err != nil {
		return Ending{}, fmt.Errorf("resolver %s: %w", n.name, err), true
	}
	if resp, ok := r.freshAnswer(n.key); ok && (!r.pinned || r.asked(n.key) == shown.digest) {
		a, err := r.e.sdk.ReadAnswer(q.Kind, resp)
		var val reflect.Value
		var action string
		if err == nil {
			val, action, err = r.e.decode(n, q.Kind, shown.schema, a)
		}
		if err != nil {
			r.log().Warn("answer rejected", "question", n.key, "reason", err)
			if errors.Is(err, ErrMalformedAnswer) {
				return Ending{}, malformedAnswer(n.key), true
			}
			return failed(MismatchMessage(n.key)), nil, true
		}
		r.record(n.key, storedAnswer(shown.digest, q.Kind, action, a, flatSchemaOf(n, shown)))
		r.results[i] = nodeResult{state: resolved, value: val, action: action}
		return Ending{}, nil, false
	}
	if stored, ok := r.prior.Answers.Get(n.key); ok && stored.Digest == shown.digest {
		a, err := r.e.parseStored(q.Kind, stored, flatSchemaOf(n, shown))
		if err == nil {
			var val reflect.Value
			var action string
			if val, action, err = r.e.decode(n, q.Kind, shown.schema, a); err == nil {
				r.record(n.key, stored)
				r.results[i] = nodeResult{state: resolved, value: val, action: action}
				return Ending{}, nil, false
			}
		}
		r.log().Warn("stored answer ignored", "question", n.key, "reason", err)
	}
	if end, ended := r.changed(n, shown); ended {
		return end, nil, true
	}
	if !r.x.caps().can(q.Kind) {
		if r.missing == nil {
			r.missing = make(map[Kind]bool)
		}
		r.missing[q.Kind] = true
	}
	if r.questions == nil {
		r.questions = make(map[string]any)
	}
	r.questions[n.key] = r.e.request(shown)
	r.state().Asked.Set(n.key, shown.digest)
	r.results[i] = nodeResult{state: asking}
	return Ending{}, nil, false
}

// flatSchemaOf returns the FlatSchema of the form a rendering of n's question
// asks with, if it is n's inferred form and flat, or nil.
func flatSchemaOf(n *node, shown rendering) *FlatSchema {
	if shown.kind != KindForm || shown.schema != n.form {
		return nil
	}
	return n.flat
}

func (r *round) freshAnswer(key string) (any, bool) {
	if r.fresh == nil {
		return nil, false
	}
	return r.fresh.Response(key)
}

func (r *round) log() *slog.Logger {
	return r.e.cfg.logger.With(r.e.method.Noun(), r.x.Target)
}

// changed ends the call (rule askstable of the rule core) if the resolver
// of n asks a question other than the one it asked and had answered last
// round, for the rules.UnstableRounds-th round in a row, and logs both
// renderings. A question that changes once (a redeploy) is asked again;
// r.next records the change so that the next round can tell.
func (r *round) changed(n *node, q rendering) (Ending, bool) {
	prev, asked := r.prior.Asked.Get(n.key)
	if _, answered := r.freshAnswer(n.key); !answered || !asked || !r.pinned || prev == q.digest {
		return Ending{}, false
	}
	shown, err := json.Marshal(r.e.request(q))
	if err != nil {
		return Ending{}, false // every input request marshals; a failure only loses the record
	}
	before, _ := r.prior.Changed.Get(n.key)
	if rounds := before.Rounds + 1; rounds < rules.UnstableRounds {
		r.state().Changed.Set(n.key, ChangedQuestion{Rounds: rounds, Shown: shown})
		return Ending{}, false
	}
	r.log().Warn("question changes every round", "resolver", n.name, "question", n.key,
		"previous", string(before.Shown), "current", string(shown))
	return failed(rules.UnstableQuestionMessage(n.name)), true
}

func (r *round) state() *State {
	if r.next == nil {
		r.next = &State{Version: StateVersion}
	}
	return r.next
}

func (r *round) record(key string, a StoredAnswer) { r.state().Answers.Set(key, a) }

// asked returns the digest of the question with key that the last round
// asked, or "".
func (r *round) asked(key string) string {
	d, _ := r.prior.Asked.Get(key)
	return d
}

// carry keeps the stored answer of a resolver that could not run this round.
func (r *round) carry(n *node) {
	if a, ok := r.prior.Answers.Get(n.key); ok {
		r.record(n.key, a)
	}
}

// args builds the arguments of a resolver or the handler. It reports
// whether they are all ready, or why the call must stop. The slice is the
// round's, reused by the next call of args: reflect's Call keeps none of
// its arguments.
func (r *round) args(spec []arg, who string) (_ []reflect.Value, ready bool, abort string) {
	if len(spec) > len(r.argBuf) {
		r.argBuf = make([]reflect.Value, len(spec))
	}
	vals := r.argBuf[:len(spec)]
	clear(vals)
	for k, a := range spec {
		switch a.kind {
		case rules.ArgContext:
			vals[k] = reflect.ValueOf(&r.x.Ctx).Elem()
		case rules.ArgRequest:
			vals[k] = r.x.Req
		case rules.ArgInput:
			vals[k] = r.x.In
		case rules.ArgValue, rules.ArgOutcome:
			res := &r.results[a.node]
			if res.state != resolved {
				return nil, false, ""
			}
			if a.kind == rules.ArgValue {
				if res.action != Accept {
					// Name the question the user turned down: who needs
					// its answer may be another resolver, with a question
					// of its own.
					return nil, false, fmt.Sprintf("the user chose %q for the question of resolver %s, and %s needs its %s: the call cannot go on",
						res.action, r.e.nodes[a.node].name, who, spell(r.e.sdk, a.typ))
				}
				vals[k] = res.value
				continue
			}
			// An Outcome[T] of either binding: its fields are Action, then
			// Value.
			o := reflect.New(a.typ).Elem()
			o.Field(0).SetString(res.action)
			if res.action == Accept {
				o.Field(1).Set(res.value)
			}
			vals[k] = o
		}
	}
	return vals, true, ""
}
