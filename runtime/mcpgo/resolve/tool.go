package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// AddTool registers a resolver tool on s with the default [Runtime]. See
// [Runtime.AddTool].
func AddTool(s *server.MCPServer, t mcp.Tool, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddTool(s, t, handler, resolvers...)
}

// MustAddTool is like [AddTool] but panics if the tool is rejected; it is
// meant for main packages, where a rejected tool is a programming error.
func MustAddTool(s *server.MCPServer, t mcp.Tool, handler any, resolvers ...any) {
	if err := AddTool(s, t, handler, resolvers...); err != nil {
		panic(err)
	}
}

// AddTool registers a tool whose handler has the signature
//
//	func(ctx context.Context, req mcp.CallToolRequest, in In, resolved ...) (Out, error)
//
// where each resolved parameter is a type T that exactly one resolver
// provides, or [Outcome][T]. A resolver is a function
//
//	func(params...) (T, error)          // computes T
//	func(params...) (Elicit[T], error)  // computes T, or asks one question
//
// whose parameters may be context.Context, mcp.CallToolRequest, In, a type
// another resolver provides, or Outcome of one.
//
// The arguments are validated against the input schema and bound to In, as
// mcp.NewStructuredToolHandler binds them; Out is sent as structured
// content with its JSON as text. The input schema is inferred from In
// alone, unless t has a RawInputSchema or an InputSchema with properties
// (mcp.NewTool alone gives none); the output schema likewise, unless t has
// one. Resolved values never appear in the input schema and a client cannot
// supply them. An error of the handler or a resolver is a tool error with
// its text.
//
// AddTool rejects the tool, and registers nothing, if any rule is broken; the
// error lists every [RegistrationError].
func (rt *Runtime) AddTool(s *server.MCPServer, t mcp.Tool, handler any, resolvers ...any) error {
	tl, err := rt.compile(t, handler, resolvers)
	if err != nil {
		return err
	}
	if err := bindServer(tl.engine, s); err != nil {
		return err
	}
	tl.server = s
	s.AddTool(tl.spec, tl.handle)
	return nil
}

// tool is a compiled resolver tool.
type tool struct {
	rt        *Runtime
	engine    *engine.Engine
	server    *server.MCPServer
	spec      mcp.Tool
	inType    reflect.Type
	inSchema  *jsonschema.Resolved
	inFlat    *engine.FlatSchema   // the input schema's fast validator, if it has the shape
	outSchema *jsonschema.Resolved // nil when Out is an interface
	// outExact: the output schema is inferred from Out, and every Out
	// marshals to JSON it accepts (engine.MarshalsToItsSchema), so the
	// output is not validated against it.
	outExact bool
	// outDynamic: Out is an interface, or a type that can carry an
	// input-required result (only a tool without resolved parameters may
	// return one), so rendering looks at each result's type; for any other
	// Out the rule core has settled it at registration.
	outDynamic bool
	// outPlain: Out is a primitive or a struct of primitive fields, none
	// with an encoding of its own (engine.MarshalsToItsSchema), so its JSON
	// is the same each time it is written.
	outPlain bool
}

// infersInput reports whether registration infers t's input schema.
func infersInput(t mcp.Tool) bool {
	s := t.InputSchema
	return t.RawInputSchema == nil && len(s.Properties) == 0 && len(s.Required) == 0 && len(s.Defs) == 0
}

// infersOutput reports whether registration infers t's output schema.
func infersOutput(t mcp.Tool) bool { return t.RawOutputSchema == nil && t.OutputSchema.Type == "" }

// compile checks the tool's signatures and graph with the rule core, and
// builds its plan.
func (rt *Runtime) compile(t mcp.Tool, handler any, resolvers []any) (*tool, error) {
	reg := &rules.Registration[reflect.Type]{
		Method:      rules.Tool,
		SDK:         rules.MCPGo,
		Tool:        t.Name,
		InferInput:  infersInput(t),
		InferOutput: infersOutput(t),
	}
	e, plan, err := engine.Compile(rt.cfg, sdk, reg, handler, resolvers)
	if err != nil {
		return nil, err
	}
	tl := &tool{rt: rt, engine: e, inType: plan.In}
	tl.outDynamic = plan.Out.Kind() == reflect.Interface || canCarryInputRequired(plan.Out)
	tl.outPlain = plan.Out.Kind() != reflect.Interface && engine.MarshalsToItsSchema(plan.Out)
	if err := tl.buildSchemas(t, plan.Out); err != nil {
		return nil, err
	}
	return tl, nil
}

// buildSchemas infers the input and output schemas and fills in the tool's
// wire description.
func (tl *tool) buildSchemas(t mcp.Tool, outType reflect.Type) error {
	fail := func(kind Kind, format string, err error) error {
		return &RegistrationError{Rule: RuleResolveGraph, Kind: kind, Tool: t.Name, Method: rules.Tool, Msg: fmt.Sprintf(format, err)}
	}
	spec := t
	var input any
	switch {
	case infersInput(t):
		var s *jsonschema.Schema
		if tl.inType == reflect.TypeFor[any]() {
			s = &jsonschema.Schema{Type: "object"}
		} else {
			// The rule core has checked that the schema can be inferred.
			s, _ = jsonschema.ForType(engine.DerefType(tl.inType), &jsonschema.ForOptions{})
		}
		raw, err := json.Marshal(s)
		if err != nil {
			return fail(KindInputSchema, "input schema: %v", err)
		}
		spec.InputSchema, spec.RawInputSchema, input = mcp.ToolInputSchema{}, raw, s
	case t.RawInputSchema != nil:
		input = t.RawInputSchema
	default:
		input = t.InputSchema
	}
	var err error
	if tl.inSchema, err = engine.ResolveSchema(input); err != nil {
		return fail(KindInputSchema, "input schema: %v", err)
	}
	tl.inFlat = engine.NewFlatSchema(tl.inSchema.Schema())
	var output any
	switch {
	case !infersOutput(t):
		if output = any(t.OutputSchema); t.RawOutputSchema != nil {
			output = t.RawOutputSchema
		}
	case outType.Kind() != reflect.Interface && !canCarryInputRequired(outType):
		s, _ := jsonschema.ForType(engine.DerefType(outType), &jsonschema.ForOptions{})
		raw, err := json.Marshal(s)
		if err != nil {
			return fail(KindOutputSchema, "output schema: %v", err)
		}
		spec.RawOutputSchema, output = raw, s
		tl.outExact = engine.MarshalsToItsSchema(outType)
	}
	if output != nil {
		if tl.outSchema, err = engine.ResolveSchema(output); err != nil {
			return fail(KindOutputSchema, "output schema: %v", err)
		}
	}
	tl.spec = spec
	return nil
}

// handle serves one tools/call round.
func (tl *tool) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return engine.Exit(tl.engine, func() (*mcp.CallToolResult, error) {
		args, in, err := tl.decodeInput(req.Params)
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("validating \"arguments\": %v", err)), nil
		}
		x := tl.rt.exchange(ctx, tl.server, req.Params.MultiRoundTripParams, reflect.ValueOf(req))
		x.Target, x.Arguments, x.In = req.Params.Name, args, in
		end, err := tl.engine.Serve(&x)
		if err != nil {
			return nil, err
		}
		return tl.render(end)
	}, toWireError, func() (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError(engine.InternalMessage(rules.Tool)), nil
	})
}

// render turns an ending into the tool's result: a failure is a tool error
// the model can see.
func (tl *tool) render(end engine.Ending) (*mcp.CallToolResult, error) {
	switch {
	case end.Failure != "":
		return mcp.NewToolResultError(end.Failure), nil
	case end.Questions != nil:
		res := &mcp.CallToolResult{}
		res.Result, res.MultiRoundTripResult = inputRequired(end)
		return res, nil
	}
	if !tl.outDynamic {
		return tl.structuredResult(end.Out)
	}
	if res, ok := end.Out.Interface().(*mcp.CallToolResult); ok {
		// Only a tool without resolved parameters may return its own
		// result; an interface-typed Out may hold one at run time.
		if res == nil {
			return &mcp.CallToolResult{}, nil
		}
		if tl.engine.Resolved() && asksForInput(res.Result, res.MultiRoundTripResult) {
			return mcp.NewToolResultError(engine.OneChannelMessage), nil
		}
		return res, nil
	}
	if v := end.Out; v.IsValid() && !(v.Kind() == reflect.Interface && v.IsNil()) && canCarryInputRequired(reflect.TypeOf(v.Interface())) {
		// Out is an interface holding another type that can carry an
		// input-required result.
		if tl.engine.Resolved() {
			return mcp.NewToolResultError(engine.OneChannelMessage), nil
		}
	}
	return tl.structuredResult(end.Out)
}

// decodeInput validates the arguments against the input schema, applies
// defaults, and decodes them into In. It also returns the arguments as
// canonical JSON, which sealed state binds, when the tool may ask.
func (tl *tool) decodeInput(p mcp.CallToolParams) ([]byte, reflect.Value, error) {
	v, err := tl.validInput(p)
	if err != nil {
		return nil, reflect.Value{}, err
	}
	return tl.engine.Input(v)
}

// validInput returns the arguments, validated against the input schema
// with its defaults applied. mcp-go has decoded them from the request's
// JSON already: arguments that a flat schema's fast validator accepts are
// used as decoded (a flat schema has no defaults to apply), and any
// others decoded again, so that applying defaults changes no map of the
// request.
func (tl *tool) validInput(p mcp.CallToolParams) (any, error) {
	if args, ok := p.Arguments.(map[string]any); ok && p.RawArguments != nil && tl.inFlat != nil && tl.inFlat.Valid(args) {
		return args, nil
	}
	raw := p.RawArguments
	if raw == nil && p.Arguments != nil {
		var err error
		if raw, err = json.Marshal(p.Arguments); err != nil {
			return nil, err
		}
	}
	var v any = map[string]any{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, err
		}
	}
	// The fast validator says only "valid": the validator still says why
	// not.
	if obj, ok := v.(map[string]any); !ok || tl.inFlat == nil || !tl.inFlat.Valid(obj) {
		if err := tl.inSchema.ApplyDefaults(&v); err != nil {
			return nil, err
		}
		if err := tl.inSchema.Validate(v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// structuredResult renders Out as structured content with its JSON as
// text, as mcp.NewToolResultStructuredOnly does. The structured content of
// a plain Out is the value itself, as there: mcp-go writes it again, which
// costs less than compacting its JSON again, as mcp-go does with a
// json.RawMessage. Any other Out may write different JSON the next time
// (a MarshalJSON of its own, a map or slice the handler still holds), so
// its structured content is the JSON written and validated once.
func (tl *tool) structuredResult(v reflect.Value) (*mcp.CallToolResult, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		v = reflect.Zero(v.Type().Elem())
	}
	if v.Kind() == reflect.Interface && v.IsNil() {
		return &mcp.CallToolResult{}, nil
	}
	out := v.Interface()
	if tl.outPlain && v.Kind() == reflect.Pointer {
		// A copy, which the handler can no longer change; a value that
		// reflect's call returned is already the call's own.
		out = v.Elem().Interface()
	}
	data, err := engine.EncodeOutput(out, tl.outSchema, tl.outExact)
	if err != nil {
		return nil, err
	}
	if !tl.outPlain {
		out = json.RawMessage(data)
	}
	return &mcp.CallToolResult{
		StructuredContent: out,
		Content:           []mcp.Content{mcp.NewTextContent(string(data))},
	}, nil
}
