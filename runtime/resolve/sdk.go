package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goSDK adapts go-sdk to the engine.
type goSDK struct{}

var sdk engine.SDK = goSDK{}

var (
	requestType    = reflect.TypeFor[*mcp.CallToolRequest]()
	toolResultType = reflect.TypeFor[mcp.CallToolResult]()
	samplingType   = reflect.TypeFor[*mcp.CreateMessageWithToolsResult]()
	rootsType      = reflect.TypeFor[*mcp.ListRootsResult]()
)

// methodTypes are the request type of each method and the result type of
// its handlers (a tool's handler chooses its own).
var methodTypes = map[rules.Method]struct{ request, result reflect.Type }{
	rules.Tool:     {requestType, nil},
	rules.Prompt:   {reflect.TypeFor[*mcp.GetPromptRequest](), reflect.TypeFor[*mcp.GetPromptResult]()},
	rules.Resource: {reflect.TypeFor[*mcp.ReadResourceRequest](), reflect.TypeFor[*mcp.ReadResourceResult]()},
}

// requestAliases spells the request types as go-sdk names them: they are
// aliases, which reflect cannot tell.
var requestAliases = strings.NewReplacer(
	requestType.String(), "*mcp.CallToolRequest",
	methodTypes[rules.Prompt].request.String(), "*mcp.GetPromptRequest",
	methodTypes[rules.Resource].request.String(), "*mcp.ReadResourceRequest",
)

func (goSDK) RequestType(m rules.Method) reflect.Type   { return methodTypes[m].request }
func (goSDK) ResultType(m rules.Method) reflect.Type    { return methodTypes[m].result }
func (goSDK) Spell(t reflect.Type) string               { return requestAliases.Replace(t.String()) }
func (goSDK) CanCarryInputRequired(t reflect.Type) bool { return canCarryInputRequired(t) }

func (goSDK) AnswerType(k engine.Kind) reflect.Type {
	if k == engine.KindSampling {
		return samplingType
	}
	return rootsType
}

func (goSDK) RenderForm(message string, schema json.RawMessage) any {
	return &mcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: schema}
}

func (goSDK) RenderSampling(params any) any { return params } // *mcp.CreateMessageWithToolsParams is an InputRequest
func (goSDK) RenderRoots() any              { return &mcp.ListRootsParams{} }

// ReadAnswer reads an answer as go-sdk decoded it. go-sdk keeps no raw
// bytes, so the answer is stored as it marshals.
func (goSDK) ReadAnswer(k engine.Kind, resp any) (engine.Answer, error) {
	var a engine.Answer
	switch r := resp.(type) {
	case *mcp.ElicitResult:
		if k != engine.KindForm || r == nil {
			return a, fmt.Errorf("answer is %T, not a %s result", resp, k)
		}
		a.Action, a.Content = r.Action, r.Content
	case *mcp.CreateMessageWithToolsResult:
		if k != engine.KindSampling || r == nil {
			return a, fmt.Errorf("answer is %T, not a %s result", resp, k)
		}
		a.Result = r
	case *mcp.ListRootsResult:
		if k != engine.KindRoots || r == nil {
			return a, fmt.Errorf("answer is %T, not a %s result", resp, k)
		}
		a.Result = r
	default:
		return a, fmt.Errorf("answer is %T, not a %s result", resp, k)
	}
	raw, err := json.Marshal(resp)
	a.Raw = raw
	return a, err
}

// ParseStored parses a stored answer as the response type of its question.
func (s goSDK) ParseStored(k engine.Kind, raw json.RawMessage) (engine.Answer, error) {
	var resp mcp.InputResponse
	switch k {
	case engine.KindSampling:
		resp = new(mcp.CreateMessageWithToolsResult)
	case engine.KindRoots:
		resp = new(mcp.ListRootsResult)
	default:
		resp = new(mcp.ElicitResult)
	}
	if err := json.Unmarshal(raw, resp); err != nil {
		return engine.Answer{}, err
	}
	a, err := s.ReadAnswer(k, resp)
	a.Raw = raw
	return a, err
}

// InvalidStateError returns the JSON-RPC error for a requestState that a
// hand-written handler could not open ([seal.Codec.Open] failed): code
// -32602, message "Invalid or expired requestState", data
// {"reason":"invalid_request_state"}, as the runtime, python and
// typescript answer. A go-sdk tool handler that returns it (as its error)
// sends it as is. Each call returns a new value.
func InvalidStateError() *jsonrpc.Error { return jsonrpcError(engine.InvalidState()) }

func (goSDK) WireError(err error) error {
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != 0 {
		return wire
	}
	return nil
}

func (goSDK) IsClientError(err error) bool {
	var wire *jsonrpc.Error
	return errors.As(err, &wire)
}

// wireError renders an error of the engine as go-sdk's.
func wireError(e *engine.WireError) error { return jsonrpcError(e) }

func jsonrpcError(e *engine.WireError) *jsonrpc.Error {
	return &jsonrpc.Error{Code: e.Code, Message: e.Message, Data: e.Data}
}

// responses are the input responses of a go-sdk request.
type responses mcp.InputResponseMap

func (r responses) Response(key string) (any, bool) {
	v, ok := r[key]
	return v, ok
}

// exchange reads what the engine needs from a go-sdk request of any
// method; the binding fills in the target, the arguments and the input.
func (rt *Runtime) exchange(ss *mcp.ServerSession, extra *mcp.RequestExtra, caps func() *mcp.ClientCapabilities,
	state string, resp mcp.InputResponseMap, req reflect.Value) engine.Exchange {
	x := engine.Exchange{
		Req: req, State: state, MultiRound: supportsMultiRound(ss), Caps: func(context.Context) engine.Caps { return capsOf(caps()) },
		Principal: rt.principalOf(req, ss, extra), Authenticated: extra != nil && extra.TokenInfo != nil,
	}
	if resp != nil {
		x.Responses = responses(resp)
	}
	if !x.MultiRound {
		x.Ask = func(ctx context.Context, ir any) (any, error) { return askSession(ctx, ss, ir) }
	}
	return x
}

// supportsMultiRound reports whether the client takes input-required
// results, by the same test go-sdk applies to the result.
func supportsMultiRound(ss *mcp.ServerSession) bool {
	version := engine.MultiRoundVersion
	if ss != nil {
		if p := ss.InitializeParams(); p != nil {
			version = p.ProtocolVersion
		}
	}
	return version >= engine.MultiRoundVersion
}

// capsOf reads the question kinds a client declared.
func capsOf(caps *mcp.ClientCapabilities) engine.Caps {
	if caps == nil {
		return engine.Caps{}
	}
	// An elicitation capability with neither mode means form.
	e := caps.Elicitation
	return engine.Caps{Form: e != nil && (e.Form != nil || e.URL == nil), Sampling: caps.Sampling != nil, Roots: caps.RootsV2 != nil}
}

// askSession asks a question of a session older than 2026-07-28 with a
// server-to-client request.
func askSession(ctx context.Context, ss *mcp.ServerSession, ir any) (any, error) {
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

// inputRequests converts the engine's questions into go-sdk's map.
func inputRequests(questions map[string]any) mcp.InputRequestMap {
	m := make(mcp.InputRequestMap, len(questions))
	for k, q := range questions {
		m[k] = q.(mcp.InputRequest)
	}
	return m
}

// asksForInput reports whether a result with these questions and state
// asks for input (the one-channel rule's test of a handler's own result).
func asksForInput(questions mcp.InputRequestMap, state string) bool {
	return questions != nil || state != ""
}

// canCarryInputRequired reports whether a value of type t can be an
// input-required result: mcp.CallToolResult itself, a type defined from it,
// a pointer to one, or a struct that embeds one.
func canCarryInputRequired(t reflect.Type) bool {
	return engine.CarriesInputRequired(t, func(t reflect.Type) bool { return t.ConvertibleTo(toolResultType) })
}
