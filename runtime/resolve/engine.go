package resolve

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"reflect"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// multiRoundVersion is the first protocol version with input-required
// results (SEP-2322), from the rule core.
const multiRoundVersion = rules.InputRequiredVersion

// oneChannelMessage is the tool error of a resolver tool whose body returns
// its own input-required result (python-sdk PR #3019, bug 3): the rule
// core's resolvemix words, the same the analyzer reports.
const oneChannelMessage = rules.ResolveMixConstructed

// An engine serves the resolvers of one registration: a tool, a prompt or a
// resource. It is shared by every request of that registration; what a
// method adds (decoding a tool's input, rendering each method's result) is
// kept by the method's own type.
type engine struct {
	rt         *Runtime
	codec      StateCodec
	method     rules.Method
	name       string // the tool or prompt name, or the resource URI or URI template
	handler    reflect.Value
	args       []arg
	nodes      []*node // in dependency order: every node after those it uses
	isResolved bool    // the handler has resolved parameters
}

// An exchange is one request of a method, as the engine sees it.
type exchange struct {
	ctx    context.Context
	target string // the tool or prompt name, or the resource URI read
	// arguments is what sealed state binds besides the target: a tool's or
	// prompt's arguments as canonical JSON; empty for a resource, whose
	// URI is its target.
	arguments []byte
	in        reflect.Value // a tool's decoded input; invalid otherwise
	req       reflect.Value // the go-sdk request, for functions that take it
	session   *mcp.ServerSession
	extra     *mcp.RequestExtra
	state     string               // requestState as received
	responses mcp.InputResponseMap // inputResponses as received
	caps      *mcp.ClientCapabilities
}

// An ending is how the engine ends a round, for the method to render.
// Exactly one of out, failure and questions is set.
type ending struct {
	out       reflect.Value       // the handler's result
	failure   string              // why the call cannot go on, for the client
	questions mcp.InputRequestMap // the questions to ask,
	state     string              // and the requestState to echo with them
}

func failed(msg string) ending { return ending{failure: msg} }

// serve serves one round of an exchange.
func (e *engine) serve(x *exchange) (ending, error) {
	if len(e.nodes) == 0 {
		return e.callHandler(e.newRound(x, nil, nil))
	}
	if supportsMultiRound(x.session) {
		return e.multiRound(x)
	}
	return e.legacy(x)
}

// supportsMultiRound reports whether the client takes input-required
// results, by the same test go-sdk applies to the result.
func supportsMultiRound(ss *mcp.ServerSession) bool {
	version := multiRoundVersion
	if ss != nil {
		if p := ss.InitializeParams(); p != nil {
			version = p.ProtocolVersion
		}
	}
	return version >= multiRoundVersion
}

// multiRound serves a round of a 2026-07-28 session: it answers with the
// handler's result, or with the questions that are ready and the state to
// echo.
func (e *engine) multiRound(x *exchange) (ending, error) {
	b := Binding{Method: e.method.String(), Target: x.target, Arguments: x.arguments, Principal: e.principalOf(x)}
	prior, err := e.openState(b, x.state)
	if err != nil {
		return ending{}, err
	}
	r := e.newRound(x, prior, x.responses)
	r.pinned = x.state != ""
	if end, err, ended := r.run(); ended {
		return end, err
	}
	payload, err := json.Marshal(r.next)
	if err != nil {
		return ending{}, err
	}
	// A token is no shorter than its payload with the default codec, and
	// checking first spares sealing what cannot be sent.
	if len(payload) > MaxStateBytes {
		return stateTooLarge(len(payload)), nil
	}
	token, err := e.codec.Seal(b, payload)
	if errors.Is(err, ErrStateTooLarge) {
		e.rt.logger.Warn("requestState too large", e.method.Noun(), b.Target, "reason", err)
		return stateTooLarge(len(payload)), nil
	}
	if err != nil {
		return ending{}, fmt.Errorf("sealing requestState: %w", err)
	}
	if len(token) > MaxStateBytes {
		return stateTooLarge(len(token)), nil
	}
	return ending{questions: r.questions, state: token}, nil
}

// openState decodes the state the client echoed. State that cannot be read
// is no progress: the engine starts over and asks again. Only state that
// fails verification, or is oversized, is an error.
func (e *engine) openState(b Binding, token string) (*callState, error) {
	empty := &callState{Version: stateVersion}
	if token == "" {
		return empty, nil
	}
	log := e.rt.logger.With(e.method.Noun(), b.Target)
	if len(token) > MaxStateBytes {
		log.Warn("requestState rejected", "reason", "oversized", "bytes", len(token))
		return nil, seal.InvalidStateError()
	}
	payload, err := e.codec.Open(b, token)
	if err != nil {
		log.Warn("requestState rejected", "reason", err)
		if errors.Is(err, ErrInvalidState) {
			return nil, seal.InvalidStateError()
		}
		return empty, nil
	}
	st, err := decodeState(payload)
	if err != nil {
		log.Warn("requestState ignored", "reason", err)
		return empty, nil
	}
	return st, nil
}

// legacy serves a request on a session older than 2026-07-28: it runs the
// same walk, asking each round's questions with real server-to-client
// requests, for as many rounds as the graph needs.
func (e *engine) legacy(x *exchange) (ending, error) {
	prior := &callState{Version: stateVersion}
	var fresh mcp.InputResponseMap
	for rounds := 0; ; rounds++ {
		r := e.newRound(x, prior, fresh)
		r.pinned = true
		if end, err, ended := r.run(); ended {
			return end, err
		}
		if rounds == e.rt.budget {
			return failed(fmt.Sprintf("the call still has unanswered questions after %d rounds; a question that changes every round is asked forever", rounds)), nil
		}
		fresh = make(mcp.InputResponseMap, len(r.questions))
		for _, key := range slices.Sorted(maps.Keys(r.questions)) {
			resp, err := askSession(x.ctx, x.session, r.questions[key])
			if err != nil {
				return e.askFailed(x.ctx, key, err), nil
			}
			fresh[key] = resp
		}
		prior = r.next
	}
}

func askSession(ctx context.Context, ss *mcp.ServerSession, ir mcp.InputRequest) (mcp.InputResponse, error) {
	if ss == nil {
		return nil, errors.New("no session")
	}
	switch p := ir.(type) {
	case *mcp.ElicitParams:
		return ss.Elicit(ctx, p)
	case *mcp.CreateMessageWithToolsParams:
		return ss.CreateMessageWithTools(ctx, p)
	case *mcp.ListRootsParams:
		return ss.ListRoots(ctx, p)
	}
	return nil, fmt.Errorf("unknown input request %T", ir)
}

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
	action Action
}

// round is one walk of a registration's resolver graph.
type round struct {
	e     *engine
	x     *exchange
	prior *callState           // the state the client echoed; never nil
	fresh mcp.InputResponseMap // answers to the questions of the last round
	// pinned: fresh answers count only for the questions prior.Asked
	// records. A first round (no requestState at all) has no record, and
	// takes answers the client sent ahead for the questions asked now.
	pinned  bool
	results []nodeResult

	// Outputs of the walk.
	next      *callState          // state for the next round
	questions mcp.InputRequestMap // questions ready this round
	missing   map[questionKind]bool
}

func (e *engine) newRound(x *exchange, prior *callState, fresh mcp.InputResponseMap) *round {
	return &round{e: e, x: x, prior: prior, fresh: fresh, results: make([]nodeResult, len(e.nodes))}
}

// run walks the graph and ends the call when it can: with an error, with
// -32021 for questions the client cannot take, or with the handler's result
// when nothing is left to ask. Otherwise r.questions holds this round's
// questions and r.next the state to carry.
func (r *round) run() (_ ending, _ error, ended bool) {
	if end, err, done := r.walk(); done {
		return end, err, true
	}
	if len(r.missing) > 0 {
		return ending{}, missingCapabilities(r.e.method, r.missing), true
	}
	if len(r.questions) == 0 {
		end, err := r.e.callHandler(r)
		return end, err, true
	}
	return ending{}, nil, false
}

// walk runs every resolver whose dependencies are resolved, in dependency
// order, each at most once. It reports done with the call's result when a
// resolver fails or a plain consumer meets a declined question.
func (r *round) walk() (_ ending, _ error, done bool) {
	for i, n := range r.e.nodes {
		args, ready, abort := r.args(n.args, "resolver "+n.name)
		if abort != "" {
			return failed(abort), nil, true
		}
		if !ready {
			r.carry(n) // blocked: keep its earlier answer for a later round
			continue
		}
		out := n.fn.Call(args)
		if err, _ := out[1].Interface().(error); err != nil {
			end, err := errorResult(err)
			return end, err, true
		}
		if !n.eliciting {
			r.results[i] = nodeResult{state: resolved, value: out[0], action: Accept}
			continue
		}
		v, q := out[0].Interface().(elicitation).parts()
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
	return ending{}, nil, false
}

// elicit resolves an asked question from a fresh answer or a stored one, or
// queues it. A recorded answer is consulted only here: after the body asked
// this very question in this round.
func (r *round) elicit(i int, n *node, q *question) (ending, error, bool) {
	ir, schema, digest, err := render(n, q)
	if err != nil {
		return ending{}, fmt.Errorf("resolver %s: %w", n.name, err), true
	}
	log := r.e.rt.logger.With(r.e.method.Noun(), r.x.target)
	if resp, ok := r.fresh[n.key]; ok && (!r.pinned || r.prior.Asked[n.key] == digest) {
		val, action, err := decodeAnswer(n, q.kind, schema, resp)
		if err != nil {
			log.Warn("answer rejected", "question", n.key, "reason", err)
			return failed(mismatchMessage(n.key)), nil, true
		}
		raw, err := json.Marshal(resp)
		if err != nil {
			return ending{}, err, true
		}
		r.record(n.key, storedAnswer{Digest: digest, Response: raw})
		r.results[i] = nodeResult{state: resolved, value: val, action: action}
		return ending{}, nil, false
	}
	if stored, ok := r.prior.Answers[n.key]; ok && stored.Digest == digest {
		resp, err := parseStored(q.kind, stored.Response)
		if err == nil {
			var val reflect.Value
			var action Action
			if val, action, err = decodeAnswer(n, q.kind, schema, resp); err == nil {
				r.record(n.key, stored)
				r.results[i] = nodeResult{state: resolved, value: val, action: action}
				return ending{}, nil, false
			}
		}
		log.Warn("stored answer ignored", "question", n.key, "reason", err)
	}
	if end, ended := r.changed(n, ir, digest, log); ended {
		return end, nil, true
	}
	if !clientCan(r.x.caps, q.kind) {
		if r.missing == nil {
			r.missing = make(map[questionKind]bool)
		}
		r.missing[q.kind] = true
	}
	if r.questions == nil {
		r.questions = make(mcp.InputRequestMap)
	}
	r.questions[n.key] = ir
	r.state().Asked[n.key] = digest
	r.results[i] = nodeResult{state: asking}
	return ending{}, nil, false
}

// changed ends the call (rule askstable of the rule core) if the resolver
// of n asks a question other than the one it asked and had answered last
// round, for the rules.UnstableRounds-th round in a row, and logs both
// renderings. A question that changes once (a redeploy) is asked again;
// r.next records the change so that the next round can tell.
func (r *round) changed(n *node, ir mcp.InputRequest, digest string, log *slog.Logger) (ending, bool) {
	prev, asked := r.prior.Asked[n.key]
	if _, answered := r.fresh[n.key]; !answered || !asked || !r.pinned || prev == digest {
		return ending{}, false
	}
	shown, err := json.Marshal(ir)
	if err != nil {
		return ending{}, false // every InputRequest marshals; a failure only loses the record
	}
	before := r.prior.Changed[n.key]
	if rounds := before.Rounds + 1; rounds < rules.UnstableRounds {
		if r.state().Changed == nil {
			r.state().Changed = make(map[string]changedQuestion)
		}
		r.state().Changed[n.key] = changedQuestion{Rounds: rounds, Shown: shown}
		return ending{}, false
	}
	log.Warn("question changes every round", "resolver", n.name, "question", n.key,
		"previous", string(before.Shown), "current", string(shown))
	return failed(rules.UnstableQuestionMessage(n.name)), true
}

func (r *round) state() *callState {
	if r.next == nil {
		r.next = &callState{Version: stateVersion, Answers: map[string]storedAnswer{}, Asked: map[string]string{}}
	}
	return r.next
}

func (r *round) record(key string, a storedAnswer) { r.state().Answers[key] = a }

// carry keeps the stored answer of a resolver that could not run this round.
func (r *round) carry(n *node) {
	if a, ok := r.prior.Answers[n.key]; ok {
		r.record(n.key, a)
	}
}

// args builds the arguments of a resolver or the handler. It reports
// whether they are all ready, or why the call must stop.
func (r *round) args(spec []arg, who string) (_ []reflect.Value, ready bool, abort string) {
	vals := make([]reflect.Value, len(spec))
	for k, a := range spec {
		switch a.kind {
		case rules.ArgContext:
			vals[k] = reflect.ValueOf(&r.x.ctx).Elem()
		case rules.ArgRequest:
			vals[k] = r.x.req
		case rules.ArgInput:
			vals[k] = r.x.in
		case rules.ArgValue, rules.ArgOutcome:
			res := r.results[a.node]
			if res.state != resolved {
				return nil, false, ""
			}
			if a.kind == rules.ArgValue {
				if res.action != Accept {
					return nil, false, fmt.Sprintf("%s needs %s, and the user chose %q: the call cannot go on", who, a.typ, res.action)
				}
				vals[k] = res.value
				continue
			}
			o := reflect.New(a.typ).Elem()
			o.FieldByName("Action").SetString(string(res.action))
			if res.action == Accept {
				o.FieldByName("Value").Set(res.value)
			}
			vals[k] = o
		}
	}
	return vals, true, ""
}

// render builds the input request for a question, the schema its answer is
// validated against, and the digest that pins answers to it.
func render(n *node, q *question) (mcp.InputRequest, *jsonschema.Resolved, string, error) {
	switch q.kind {
	case kindForm:
		switch {
		case n.provides == formType:
			if err := checkFormSchema(q.schema); err != nil {
				return nil, nil, "", err
			}
			rs, err := q.schema.Resolve(nil)
			if err != nil {
				return nil, nil, "", fmt.Errorf("form schema: %w", err)
			}
			schemaJSON, err := json.Marshal(q.schema)
			if err != nil {
				return nil, nil, "", fmt.Errorf("form schema: %w", err)
			}
			ir := &mcp.ElicitParams{Mode: "form", Message: q.message, RequestedSchema: json.RawMessage(schemaJSON)}
			return ir, rs, questionDigest(kindForm, q.message, schemaJSON), nil
		case n.form != nil:
			ir := &mcp.ElicitParams{Mode: "form", Message: q.message, RequestedSchema: json.RawMessage(n.formJSON)}
			return ir, n.form, questionDigest(kindForm, q.message, n.formJSON), nil
		}
	case kindSampling:
		if n.provides == samplingType {
			if q.sampling == nil {
				return nil, nil, "", errors.New("sampling question without parameters")
			}
			params, err := json.Marshal(q.sampling)
			if err != nil {
				return nil, nil, "", fmt.Errorf("sampling parameters: %w", err)
			}
			return q.sampling, nil, questionDigest(kindSampling, "", params), nil
		}
	case kindRoots:
		if n.provides == rootsType {
			return &mcp.ListRootsParams{}, nil, questionDigest(kindRoots, "", nil), nil
		}
	}
	return nil, nil, "", fmt.Errorf("asked a %s question but provides %s", q.kind, n.provides)
}

// questionDigest pins an answer to the exact question it answers: its kind
// and everything the client was shown.
func questionDigest(kind questionKind, message string, body []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d\x00%d\x00%s\x00", kind, len(message), message)
	h.Write(body)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}

// parseStored parses a stored answer as the response type of its question.
func parseStored(kind questionKind, raw json.RawMessage) (mcp.InputResponse, error) {
	var resp mcp.InputResponse
	switch kind {
	case kindSampling:
		resp = new(mcp.CreateMessageWithToolsResult)
	case kindRoots:
		resp = new(mcp.ListRootsResult)
	default:
		resp = new(mcp.ElicitResult)
	}
	return resp, json.Unmarshal(raw, resp)
}

// decodeAnswer checks an answer against the question asked and decodes its
// value.
func decodeAnswer(n *node, kind questionKind, schema *jsonschema.Resolved, resp mcp.InputResponse) (reflect.Value, Action, error) {
	none := reflect.Value{}
	switch kind {
	case kindForm:
		er, ok := resp.(*mcp.ElicitResult)
		if !ok || er == nil {
			return none, "", fmt.Errorf("answer is %T, not an elicitation result", resp)
		}
		switch action := Action(er.Action); action {
		case Decline, Cancel:
			return reflect.Zero(n.provides), action, nil
		case Accept:
		default:
			return none, "", fmt.Errorf("unknown action %q", er.Action)
		}
		content := er.Content
		if content == nil {
			content = map[string]any{}
		}
		if err := schema.Validate(content); err != nil {
			return none, "", err
		}
		if n.provides == formType {
			return reflect.ValueOf(Form(content)), Accept, nil
		}
		p := reflect.New(derefType(n.provides))
		if err := remarshal(content, p.Interface()); err != nil {
			return none, "", err
		}
		if n.provides.Kind() == reflect.Pointer {
			return p, Accept, nil
		}
		return p.Elem(), Accept, nil
	case kindSampling:
		if res, ok := resp.(*mcp.CreateMessageWithToolsResult); ok && res != nil {
			return reflect.ValueOf(res), Accept, nil
		}
	case kindRoots:
		if res, ok := resp.(*mcp.ListRootsResult); ok && res != nil {
			return reflect.ValueOf(res), Accept, nil
		}
	}
	return none, "", fmt.Errorf("answer is %T, not a %s result", resp, kind)
}

// clientCan reports whether the client declared the capability a question
// kind needs.
func clientCan(caps *mcp.ClientCapabilities, kind questionKind) bool {
	if caps == nil {
		return false
	}
	switch kind {
	case kindSampling:
		return caps.Sampling != nil
	case kindRoots:
		return caps.RootsV2 != nil
	default:
		// An elicitation capability with neither mode means form.
		e := caps.Elicitation
		return e != nil && (e.Form != nil || e.URL == nil)
	}
}

// missingCapabilities is the -32021 error for questions the client cannot
// take.
func missingCapabilities(m rules.Method, kinds map[questionKind]bool) error {
	required := map[string]any{}
	for kind := range kinds {
		switch kind {
		case kindSampling:
			required["sampling"] = map[string]any{}
		case kindRoots:
			required["roots"] = map[string]any{}
		default:
			required["elicitation"] = map[string]any{"form": map[string]any{}}
		}
	}
	data, _ := json.Marshal(map[string]any{"requiredCapabilities": required})
	return &jsonrpc.Error{Code: mcp.CodeMissingRequiredClientCapabilities, Message: "the client lacks a capability this " + m.Noun() + " needs", Data: data}
}

// callHandler calls the handler with the resolved values of r.
func (e *engine) callHandler(r *round) (ending, error) {
	args, _, abort := r.args(e.args, "handler "+funcName(e.handler))
	if abort != "" {
		return failed(abort), nil
	}
	out := e.handler.Call(args)
	if err, _ := out[1].Interface().(error); err != nil {
		return errorResult(err)
	}
	return ending{out: out[0]}, nil
}

// structuredResult renders Out as structured content, as mcp.AddTool does.
func (t *tool) structuredResult(v reflect.Value) (*mcp.CallToolResult, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		v = reflect.Zero(v.Type().Elem())
	}
	if v.Kind() == reflect.Interface && v.IsNil() {
		return &mcp.CallToolResult{}, nil
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, fmt.Errorf("marshaling output: %w", err)
	}
	if t.outSchema != nil {
		var instance any
		if err := json.Unmarshal(data, &instance); err != nil {
			return nil, err
		}
		if err := t.outSchema.Validate(instance); err != nil {
			return nil, fmt.Errorf("validating tool output: %w", err)
		}
	}
	return &mcp.CallToolResult{
		StructuredContent: json.RawMessage(data),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(data)}},
	}, nil
}

// asToolResult returns the *mcp.CallToolResult that v holds or embeds, if
// any.
func asToolResult(v reflect.Value) *mcp.CallToolResult {
	for v.IsValid() {
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			if v.IsNil() {
				if v.Type() == reflect.PointerTo(toolResultType) {
					return &mcp.CallToolResult{}
				}
				return nil
			}
			if r, ok := v.Interface().(*mcp.CallToolResult); ok {
				return r
			}
			v = v.Elem()
		case reflect.Struct:
			if v.Type().ConvertibleTo(toolResultType) {
				r := v.Convert(toolResultType).Interface().(mcp.CallToolResult)
				return &r
			}
			embedded := reflect.Value{}
			for i := 0; i < v.NumField(); i++ {
				if f := v.Type().Field(i); f.Anonymous && canCarryInputRequired(f.Type) {
					embedded = v.Field(i)
					break
				}
			}
			v = embedded
		default:
			return nil
		}
	}
	return nil
}

// errorResult turns an error of a resolver or the handler into the call's
// ending: a JSON-RPC error with a valid code stays a protocol error, any
// other error is a failure the client sees (for a tool, a tool error the
// model can see).
func errorResult(err error) (ending, error) {
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != 0 {
		return ending{}, wire
	}
	return failed(err.Error()), nil
}

func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}
