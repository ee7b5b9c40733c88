package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// mcpGo adapts mcp-go to the engine.
type mcpGo struct{}

var sdk engine.SDK = mcpGo{}

var (
	toolRequestType = reflect.TypeFor[mcp.CallToolRequest]()
	roundTripType   = reflect.TypeFor[mcp.MultiRoundTripResult]()
	samplingType    = reflect.TypeFor[*mcp.CreateMessageResult]()
	rootsType       = reflect.TypeFor[*mcp.ListRootsResult]()
)

// methodTypes are the request type of each method and the result type of
// its handlers (a tool's handler chooses its own), as mcp-go's handler
// types (server.ToolHandlerFunc, PromptHandlerFunc, ResourceHandlerFunc)
// have them.
var methodTypes = map[rules.Method]struct{ request, result reflect.Type }{
	rules.Tool:     {toolRequestType, nil},
	rules.Prompt:   {reflect.TypeFor[mcp.GetPromptRequest](), reflect.TypeFor[*mcp.GetPromptResult]()},
	rules.Resource: {reflect.TypeFor[mcp.ReadResourceRequest](), reflect.TypeFor[[]mcp.ResourceContents]()},
}

func (mcpGo) RequestType(m rules.Method) reflect.Type   { return methodTypes[m].request }
func (mcpGo) ResultType(m rules.Method) reflect.Type    { return methodTypes[m].result }
func (mcpGo) Spell(t reflect.Type) string               { return t.String() }
func (mcpGo) CanCarryInputRequired(t reflect.Type) bool { return canCarryInputRequired(t) }

func (mcpGo) AnswerType(k engine.Kind) reflect.Type {
	if k == engine.KindSampling {
		return samplingType
	}
	return rootsType
}

func (mcpGo) RenderForm(message string, schema json.RawMessage) any {
	return mcp.NewElicitationInputRequest(mcp.ElicitationParams{Mode: mcp.ElicitationModeForm, Message: message, RequestedSchema: schema})
}

func (mcpGo) RenderSampling(params any) any {
	return mcp.NewSamplingInputRequest(params.(mcp.CreateMessageParams))
}

func (mcpGo) RenderRoots() any { return mcp.NewRootsInputRequest() }

// methods are the input request methods of the question kinds.
var methods = [...]mcp.MCPMethod{
	engine.KindForm:     mcp.MethodElicitationCreate,
	engine.KindSampling: mcp.MethodSamplingCreateMessage,
	engine.KindRoots:    mcp.MethodListRoots,
}

// ReadAnswer reads an input response: one mcp-go decoded from a request's
// inputResponses, which keeps the client's bytes and is decoded here for
// the method of the question, or one that a server-to-client request
// returned. The client's bytes are what is stored.
func (mcpGo) ReadAnswer(k engine.Kind, resp any) (engine.Answer, error) {
	r, ok := resp.(mcp.InputResponse)
	if !ok {
		return engine.Answer{}, fmt.Errorf("answer is %T, not an input response", resp)
	}
	// The bytes received, while no variant is decoded (MarshalJSON returns
	// them as they are; json.Marshal would compact them again).
	raw, err := r.MarshalJSON()
	if err != nil {
		return engine.Answer{}, err
	}
	if r.Elicitation == nil && r.Sampling == nil && r.Roots == nil {
		if err := r.DecodeFor(methods[k]); err != nil {
			return engine.Answer{}, fmt.Errorf("%w: %v", engine.ErrMalformedAnswer, err)
		}
	}
	a := engine.Answer{Raw: raw}
	switch {
	case k == engine.KindForm && r.Elicitation != nil:
		a.Action = string(r.Elicitation.Action)
		switch c := r.Elicitation.Content.(type) {
		case nil:
		case map[string]any:
			a.Content = c
		default:
			return engine.Answer{}, fmt.Errorf("%w: content is %T, not an object", engine.ErrMalformedAnswer, c)
		}
	case k == engine.KindSampling && r.Sampling != nil:
		a.Result = r.Sampling
	case k == engine.KindRoots && r.Roots != nil:
		a.Result = r.Roots
	default:
		return engine.Answer{}, fmt.Errorf("answer is not a %s result", k)
	}
	return a, nil
}

func (s mcpGo) ParseStored(k engine.Kind, raw json.RawMessage) (engine.Answer, error) {
	var r mcp.InputResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		return engine.Answer{}, err
	}
	return s.ReadAnswer(k, r)
}

// WireError finds mcp-go's one error that a handler may return to choose a
// JSON-RPC error: URLElicitationRequiredError, which mcp-go sends as -32042
// on sessions older than 2026-07-28, as a value or a pointer.
func (mcpGo) WireError(err error) error {
	var v mcp.URLElicitationRequiredError
	if errors.As(err, &v) {
		return v
	}
	var p *mcp.URLElicitationRequiredError
	if errors.As(err, &p) && p != nil {
		return *p
	}
	return nil
}

// IsClientError reports that a server-to-client request failed on the
// client's side or on the way. mcp-go does not check answers against the
// question before the engine does, so every error is that.
func (mcpGo) IsClientError(error) bool { return true }

// wireError is an error of the engine as mcp-go sends it: mcp-go v1.2.1
// answers every handler error with -32603 and the error's text, so the
// text is the engine's fixed message, and the required capabilities of a
// -32021 are named in it.
type wireError struct{ e *engine.WireError }

func (w wireError) Error() string {
	if w.e.Code == engine.CodeMissingRequiredClientCapabilities && len(w.e.Data) > 0 {
		return w.e.Message + ": " + string(w.e.Data)
	}
	return w.e.Message
}

func toWireError(e *engine.WireError) error { return wireError{e} }

// responses are the input responses of an mcp-go request.
type responses mcp.InputResponses

func (r responses) Response(key string) (any, bool) {
	v, ok := r[key]
	return v, ok
}

// exchange reads what the engine needs from an mcp-go request of any
// method; the binding fills in the target, the arguments and the input.
func (rt *Runtime) exchange(ctx context.Context, s *server.MCPServer, mrt mcp.MultiRoundTripParams, req reflect.Value) engine.Exchange {
	x := engine.Exchange{
		Ctx: ctx, Req: req, State: mrt.RequestState,
		MultiRound: mcp.IsModernProtocol(server.RequestProtocolVersion(ctx)), Caps: capsOf,
	}
	if rt.principal != nil {
		x.Principal = rt.principal(ctx)
	}
	if mrt.InputResponses != nil {
		x.Responses = responses(mrt.InputResponses)
	}
	if !x.MultiRound {
		x.Ask = func(ctx context.Context, ir any) (any, error) { return ask(ctx, s, ir.(mcp.InputRequest)) }
	}
	return x
}

// capsOf reads the question kinds the client declared: on a 2026-07-28
// request in its _meta, on an older session at initialize.
func capsOf(ctx context.Context) engine.Caps {
	var caps *mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		caps = info.ClientCapabilities
	} else if ss, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := ss.GetClientCapabilities()
		caps = &c
	}
	if caps == nil {
		return engine.Caps{}
	}
	// An elicitation capability with neither mode means form.
	e := caps.Elicitation
	return engine.Caps{Form: e != nil && (e.Form != nil || e.URL == nil), Sampling: caps.Sampling != nil, Roots: caps.Roots != nil}
}

// ask asks a question of a session older than 2026-07-28 with mcp-go's
// server-to-client request.
func ask(ctx context.Context, s *server.MCPServer, ir mcp.InputRequest) (any, error) {
	switch ir.Method {
	case mcp.MethodElicitationCreate:
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
			Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)}, Params: *ir.Elicitation})
		if err != nil || res == nil {
			return nil, cmpErr(err, "no elicitation result")
		}
		return mcp.NewElicitationInputResponse(*res), nil
	case mcp.MethodSamplingCreateMessage:
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{
			Request: mcp.Request{Method: string(mcp.MethodSamplingCreateMessage)}, CreateMessageParams: *ir.Sampling})
		if err != nil || res == nil {
			return nil, cmpErr(err, "no sampling result")
		}
		return mcp.NewSamplingInputResponse(*res), nil
	case mcp.MethodListRoots:
		res, err := s.RequestRoots(ctx, mcp.ListRootsRequest{Request: mcp.Request{Method: string(mcp.MethodListRoots)}})
		if err != nil || res == nil {
			return nil, cmpErr(err, "no roots result")
		}
		return mcp.NewRootsInputResponse(*res), nil
	}
	return nil, fmt.Errorf("unknown input request %q", ir.Method)
}

// cmpErr is err, or an error saying what is missing when a request
// returned neither a result nor an error.
func cmpErr(err error, missing string) error {
	if err != nil {
		return err
	}
	return errors.New(missing)
}

// inputRequests converts the engine's questions into mcp-go's map.
func inputRequests(questions map[string]any) mcp.InputRequests {
	m := make(mcp.InputRequests, len(questions))
	for k, q := range questions {
		m[k] = q.(mcp.InputRequest)
	}
	return m
}

// inputRequired is the multi round-trip part of a result that asks the
// questions of an ending.
func inputRequired(end engine.Ending) (mcp.Result, mcp.MultiRoundTripResult) {
	return mcp.Result{ResultType: mcp.ResultTypeInputRequired},
		mcp.MultiRoundTripResult{InputRequests: inputRequests(end.Questions), RequestState: end.State}
}

// asksForInput reports whether a result with these parts asks for input:
// it is marked input-required, or carries questions or state (the
// one-channel rule's test of a handler's own result).
func asksForInput(r mcp.Result, m mcp.MultiRoundTripResult) bool {
	return r.ResultType == mcp.ResultTypeInputRequired || m.InputRequests != nil || m.RequestState != ""
}

// canCarryInputRequired reports whether a value of type t can be an
// input-required result of mcp-go: a type that is, points to or embeds
// (at any depth) mcp.MultiRoundTripResult, which mcp.CallToolResult,
// GetPromptResult, ReadResourceResult and InputRequiredResult all embed.
// Types defined from one of them have its fields, and so embed it too.
func canCarryInputRequired(t reflect.Type) bool {
	return engine.CarriesInputRequired(t, func(t reflect.Type) bool { return t == roundTripType })
}
