package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"reflect"
	"slices"

	"github.com/mcplint/mcplint/internal/rules"
)

// MultiRoundVersion is the first protocol version with input-required
// results (SEP-2322).
const MultiRoundVersion = rules.InputRequiredVersion

// OneChannelMessage is the failure of a request whose handler has resolved
// parameters and returns its own input-required result (python-sdk PR
// #3019, bug 3): the rule core's resolvemix words, the same the analyzer
// reports.
const OneChannelMessage = rules.ResolveMixConstructed

// An Engine serves the resolvers of one registration: a tool, a prompt or a
// resource. It is shared by every request of that registration; what a
// method adds (decoding a tool's input, rendering each method's result) is
// kept by the binding.
type Engine struct {
	cfg        *Config
	sdk        SDK
	codec      StateCodec
	method     rules.Method
	name       string // the tool or prompt name, or the resource URI or URI template
	handler    reflect.Value
	handlerWho string
	args       []arg
	input      *decoder // a tool's input; nil for a prompt or resource
	nodes      []*node  // in dependency order: every node after those it uses
	resolved   bool     // the handler has resolved parameters
	asks       bool     // some resolver is eliciting
	// keys are the wire keys of the eliciting resolvers, sorted: the state
	// names a question by its index here (see [EncodeState]).
	keys []string
}

// Method is the method the engine serves.
func (e *Engine) Method() rules.Method { return e.method }

// Name is the tool or prompt name, or the resource URI or URI template.
func (e *Engine) Name() string { return e.name }

// Resolved reports whether the handler has resolved parameters: its
// result must then not be an input-required result.
func (e *Engine) Resolved() bool { return e.resolved }

// Asks reports whether a resolver may ask a question: only then is a
// request's state sealed or opened, and only then do its arguments need
// their canonical form.
func (e *Engine) Asks() bool { return e.asks }

// Input decodes a call's validated arguments v (with their defaults) into
// a new value of the tool's input type, and returns them as canonical JSON
// too when the tool may ask: sealed state binds that form, and a tool that
// never asks seals nothing.
func (e *Engine) Input(v any) ([]byte, reflect.Value, error) {
	var canonical []byte
	if e.asks {
		var err error
		if canonical, err = json.Marshal(v); err != nil { // maps marshal with sorted keys
			return nil, reflect.Value{}, err
		}
	}
	in, err := e.input.decode(v, canonical)
	if err != nil {
		return nil, reflect.Value{}, err
	}
	return canonical, in, nil
}

// Config is the configuration the engine was compiled with.
func (e *Engine) Config() *Config { return e.cfg }

// BindServer gives the engine the codec of its server's audience, when the
// runtime seals per server name: name is the name server was created with,
// if the binding could read it (named). The SDKs have no accessor for the
// name; where a binding cannot read it, the engine binds the server
// instance, which keeps servers apart, and the log says how to share.
func (e *Engine) BindServer(server any, name string, named bool) error {
	if !e.cfg.SealsPerServer() {
		return nil
	}
	if !named {
		name = fmt.Sprintf("server instance %p", server)
		e.cfg.logger.Warn("resolve: cannot read the server's name; its requestState opens only on this server instance (set Options.Audience to share it between replicas)",
			e.method.Noun(), e.name)
	}
	codec, err := e.cfg.CodecFor(name)
	if err != nil {
		return err
	}
	e.codec = codec
	return nil
}

// Codec is the codec the engine seals with.
func (e *Engine) Codec() StateCodec { return e.codec }

// An Exchange is one request of a method, as the binding reads it.
type Exchange struct {
	Ctx    context.Context
	Target string // the tool or prompt name, or the resource URI read
	// Arguments is what sealed state binds besides the target: a tool's or
	// prompt's arguments as canonical JSON; empty for a resource, whose
	// URI is its target.
	Arguments []byte
	In        reflect.Value // a tool's decoded input; invalid otherwise
	Req       reflect.Value // the SDK's request, for functions that take it
	State     string        // requestState as received
	Responses Responses     // inputResponses as received; nil if none
	// Caps reads what the client declared in the request of Ctx; the
	// engine calls it only when a question is to be asked, at most once.
	// (A function of the context, not a closure over it, so that a binding
	// that reads the capabilities from the context allocates nothing per
	// request for them.)
	Caps func(context.Context) Caps
	// MultiRound reports whether the client takes input-required results
	// (a 2026-07-28 session); otherwise questions go out as
	// server-to-client requests through Ask.
	MultiRound bool
	Ask        func(ctx context.Context, request any) (response any, err error)
	// Principal names the user the request acts for; Authenticated, that
	// the request carries a verified identity (which may name no user).
	Principal     string
	Authenticated bool

	capsRead bool
	declared Caps
}

// caps returns what the client declared, reading it on first use.
func (x *Exchange) caps() Caps {
	if !x.capsRead {
		x.capsRead = true
		if x.Caps != nil {
			x.declared = x.Caps(x.Ctx)
		}
	}
	return x.declared
}

// Responses are the input responses of a request, as the SDK received them.
type Responses interface {
	Response(key string) (any, bool)
}

// An Ending is how the engine ends a round, for the binding to render.
// Exactly one of Out, Failure and Questions is set.
type Ending struct {
	Out       reflect.Value  // the handler's result
	Failure   string         // why the call cannot go on, for the client
	Questions map[string]any // the questions to ask (the SDK's input requests),
	State     string         // and the requestState to echo with them
}

func failed(msg string) Ending { return Ending{Failure: msg} }

// Serve serves one round of an exchange. Its error is a [*WireError], an
// error the SDK's WireError returns, or an internal failure, which the
// binding's [Exit] turns into a fixed message.
func (e *Engine) Serve(x *Exchange) (Ending, error) {
	// The request's rounds are one value on the heap: on the stack it
	// would be most of a kilobyte, which a request served on a goroutine
	// of its own (as go-sdk serves each) can pay for with a copy of its
	// whole stack.
	r := new(round)
	if len(e.nodes) == 0 {
		e.startRound(r, x, nil, nil)
		return e.callHandler(r)
	}
	if x.MultiRound {
		return e.multiRound(r, x)
	}
	return e.legacy(r, x)
}

// multiRound serves a round of a 2026-07-28 session: it answers with the
// handler's result, or with the questions that are ready and the state to
// echo.
func (e *Engine) multiRound(r *round, x *Exchange) (Ending, error) {
	if !e.asks && x.State == "" {
		// Nothing to open, nothing to seal, and no call to keep: no
		// question can be asked, so the round ends here.
		e.startRound(r, x, &noState, x.Responses)
		end, err, _ := r.run()
		return end, err
	}
	b := e.binding(x)
	prior, err := e.openState(b, x.State)
	if err != nil {
		return Ending{}, err
	}
	e.startRound(r, x, prior, x.Responses)
	r.pinned = x.State != ""
	if end, err, done := r.admit(); done {
		return end, err
	}
	if end, err, ended := r.run(); ended {
		return end, err
	}
	r.next.Call = r.call
	payload := EncodeState(r.next, e.keys...)
	// A token is no shorter than its payload with the default codec, and
	// checking first spares sealing what cannot be sent.
	if len(payload) > MaxStateBytes {
		return stateTooLarge(len(payload)), nil
	}
	token, err := e.codec.Seal(b, payload)
	if errors.Is(err, ErrStateTooLarge) {
		e.cfg.logger.Warn("requestState too large", e.method.Noun(), b.Target, "reason", err)
		return stateTooLarge(len(payload)), nil
	}
	if err != nil {
		return Ending{}, fmt.Errorf("sealing requestState: %w", err)
	}
	if len(token) > MaxStateBytes {
		return stateTooLarge(len(token)), nil
	}
	return Ending{Questions: r.questions, State: token}, nil
}

// noState is the prior state of a round that presented none and can ask
// nothing; rounds only read their prior state.
var noState = State{Version: StateVersion}

// openState decodes the state the client echoed. State that cannot be read
// is no progress: the engine starts over and asks again. Only state that
// fails verification, or is oversized, is an error.
func (e *Engine) openState(b Binding, token string) (*State, error) {
	empty := &State{Version: StateVersion}
	if token == "" {
		return empty, nil
	}
	log := func() *slog.Logger { return e.cfg.logger.With(e.method.Noun(), b.Target) }
	if len(token) > MaxStateBytes {
		log().Warn("requestState rejected", "reason", "oversized", "bytes", len(token))
		return nil, InvalidState()
	}
	payload, err := e.codec.Open(b, token)
	if err != nil {
		log().Warn("requestState rejected", "reason", err)
		if errors.Is(err, ErrInvalidState) {
			return nil, InvalidState()
		}
		return empty, nil
	}
	st, err := DecodeState(payload, e.keys...)
	if err != nil {
		log().Warn("requestState ignored", "reason", err)
		return empty, nil
	}
	return st, nil
}

// OpenState opens a token as the engine does for a request bound to b:
// for tests and benchmarks of the bindings.
func (e *Engine) OpenState(b Binding, token string) (*State, error) { return e.openState(b, token) }

// legacy serves a request on a session older than 2026-07-28: it runs the
// same walk, asking each round's questions with real server-to-client
// requests, for as many rounds as the graph needs.
func (e *Engine) legacy(r *round, x *Exchange) (Ending, error) {
	prior := &State{Version: StateVersion}
	var fresh mapResponses
	for rounds := 0; ; rounds++ {
		e.startRound(r, x, prior, fresh)
		r.pinned = true
		end, err, ended := r.run()
		if ended {
			return end, err
		}
		// What the round read of the client's capabilities holds for the
		// next, which starts from x again.
		x.capsRead, x.declared = r.x.capsRead, r.x.declared
		if rounds == e.cfg.budget {
			return failed(fmt.Sprintf("the call still has unanswered questions after %d rounds; a question that changes every round is asked forever", rounds)), nil
		}
		fresh = make(mapResponses, len(r.questions))
		for _, key := range slices.Sorted(maps.Keys(r.questions)) {
			if x.Ask == nil {
				return e.askFailed(x.Ctx, key, errors.New("no session to ask")), nil
			}
			resp, err := x.Ask(x.Ctx, r.questions[key])
			if err != nil {
				return e.askFailed(x.Ctx, key, err), nil
			}
			fresh[key] = resp
		}
		prior = r.next
	}
}

// mapResponses are the answers the legacy walk collected.
type mapResponses map[string]any

func (m mapResponses) Response(key string) (any, bool) {
	v, ok := m[key]
	return v, ok
}

// callHandler calls the handler with the resolved values of r. It is the
// one place where the handler runs: after every question of the call is
// answered, on the request that presented the final state (r.x.State), or
// on a request with no questions at all.
func (e *Engine) callHandler(r *round) (Ending, error) {
	args, _, abort := r.args(e.args, e.handlerWho)
	if abort != "" {
		return failed(abort), nil
	}
	if end, err, refused := r.spend(); refused {
		return end, err
	}
	out := e.handler.Call(args)
	if err, _ := out[1].Interface().(error); err != nil {
		return e.errorResult(err)
	}
	return Ending{Out: out[0]}, nil
}

// errorResult turns an error of a resolver or the handler into the call's
// ending: the SDK's JSON-RPC error with a valid code, returned or wrapped,
// stays a protocol error and is sent as is; any other error is a failure
// the client sees (for a tool, a tool error the model can see).
func (e *Engine) errorResult(err error) (Ending, error) {
	if wire := e.sdk.WireError(err); wire != nil {
		return Ending{}, wire
	}
	return failed(err.Error()), nil
}

// WireKeys returns the wire key of every resolver, in dependency order.
func (e *Engine) WireKeys() []string {
	keys := make([]string, len(e.nodes))
	for i, n := range e.nodes {
		keys[i] = n.key
	}
	return keys
}
