package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AddTool registers a resolver tool on s with the default [Runtime]. See
// [Runtime.AddTool].
func AddTool(s *mcp.Server, t *mcp.Tool, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddTool(s, t, handler, resolvers...)
}

// MustAddTool is like [AddTool] but panics if the tool is rejected; it is
// meant for main packages, where a rejected tool is a programming error.
func MustAddTool(s *mcp.Server, t *mcp.Tool, handler any, resolvers ...any) {
	if err := AddTool(s, t, handler, resolvers...); err != nil {
		panic(err)
	}
}

// AddTool registers a tool whose handler has the signature
//
//	func(ctx context.Context, req *mcp.CallToolRequest, in In, resolved ...) (Out, error)
//
// where each resolved parameter is a type T that exactly one resolver
// provides, or [Outcome][T]. A resolver is a function
//
//	func(params...) (T, error)          // computes T
//	func(params...) (Elicit[T], error)  // computes T, or asks one question
//
// whose parameters may be context.Context, *mcp.CallToolRequest, In, a type
// another resolver provides, or Outcome of one. The input schema is inferred
// from In alone: resolved values never appear in it and a client cannot
// supply them. If t.InputSchema or t.OutputSchema is set it is used as is.
//
// AddTool rejects the tool, and registers nothing, if any rule is broken; the
// error lists every [RegistrationError].
func (rt *Runtime) AddTool(s *mcp.Server, t *mcp.Tool, handler any, resolvers ...any) error {
	tl, err := rt.compile(t, handler, resolvers)
	if err != nil {
		return err
	}
	if err := bindServer(tl.engine, s); err != nil {
		return err
	}
	s.AddTool(tl.spec, tl.handle)
	return nil
}

// tool is a compiled resolver tool.
type tool struct {
	rt        *Runtime
	engine    *engine.Engine
	spec      *mcp.Tool
	inType    reflect.Type
	inSchema  *jsonschema.Resolved
	inFlat    *engine.FlatSchema   // the input schema's fast validator, if it has the shape
	outSchema *jsonschema.Resolved // nil when Out is an interface
	// outExact: the output schema is inferred from Out, and every Out
	// marshals to JSON it accepts (engine.MarshalsToItsSchema), so the
	// output is not validated against it.
	outExact bool
}

// compile checks the tool's signatures and graph with the rule core, and
// builds its plan.
func (rt *Runtime) compile(t *mcp.Tool, handler any, resolvers []any) (*tool, error) {
	reg := &rules.Registration[reflect.Type]{
		Method:      rules.Tool,
		Tool:        t.Name,
		InferInput:  t.InputSchema == nil,
		InferOutput: t.OutputSchema == nil,
	}
	e, plan, err := engine.Compile(rt.cfg, sdk, reg, handler, resolvers)
	if err != nil {
		return nil, err
	}
	tl := &tool{rt: rt, engine: e, inType: plan.In}
	if err := tl.buildSchemas(t, plan.Out); err != nil {
		return nil, err
	}
	return tl, nil
}

// buildSchemas infers the input and output schemas, as mcp.AddTool does, and
// fills in the tool's wire description.
func (tl *tool) buildSchemas(t *mcp.Tool, outType reflect.Type) error {
	fail := func(kind Kind, format string, err error) error {
		return &RegistrationError{Rule: RuleResolveGraph, Kind: kind, Tool: t.Name, Method: rules.Tool, Msg: fmt.Sprintf(format, err)}
	}
	spec := *t
	if spec.InputSchema == nil {
		if tl.inType == reflect.TypeFor[any]() {
			spec.InputSchema = &jsonschema.Schema{Type: "object"}
		} else {
			// The rule core has checked that the schema can be inferred.
			spec.InputSchema, _ = jsonschema.ForType(engine.DerefType(tl.inType), &jsonschema.ForOptions{})
		}
	}
	var err error
	if tl.inSchema, err = engine.ResolveSchema(spec.InputSchema); err != nil {
		return fail(KindInputSchema, "input schema: %v", err)
	}
	tl.inFlat = engine.NewFlatSchema(tl.inSchema.Schema())
	if spec.OutputSchema == nil && outType.Kind() != reflect.Interface && !canCarryInputRequired(outType) {
		spec.OutputSchema, _ = jsonschema.ForType(engine.DerefType(outType), &jsonschema.ForOptions{})
		tl.outExact = engine.MarshalsToItsSchema(outType)
	}
	if spec.OutputSchema != nil {
		if tl.outSchema, err = engine.ResolveSchema(spec.OutputSchema); err != nil {
			return fail(KindOutputSchema, "output schema: %v", err)
		}
	}
	tl.spec = &spec
	return nil
}

// handle serves one tools/call round.
func (tl *tool) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return engine.Exit(tl.engine, func() (*mcp.CallToolResult, error) {
		args, in, err := tl.decodeInput(req.Params.Arguments)
		if err != nil {
			return toolError(fmt.Sprintf("validating \"arguments\": %v", err)), nil
		}
		x := tl.rt.exchange(req.Session, req.Extra, req.ClientCapabilities, req.Params.RequestState, req.Params.InputResponses, reflect.ValueOf(req))
		x.Ctx, x.Target, x.Arguments, x.In = ctx, req.Params.Name, args, in
		end, err := tl.engine.Serve(&x)
		if err != nil {
			return nil, err
		}
		return tl.render(end)
	}, wireError, func() (*mcp.CallToolResult, error) { return toolError(engine.InternalMessage(rules.Tool)), nil })
}

// render turns an ending into the tool's result: a failure is a tool error
// the model can see.
func (tl *tool) render(end engine.Ending) (*mcp.CallToolResult, error) {
	switch {
	case end.Failure != "":
		return toolError(end.Failure), nil
	case end.Questions != nil:
		return &mcp.CallToolResult{InputRequests: inputRequests(end.Questions), RequestState: end.State}, nil
	}
	if res := asToolResult(end.Out); res != nil {
		if tl.engine.Resolved() && asksForInput(res.InputRequests, res.RequestState) {
			return toolError(engine.OneChannelMessage), nil
		}
		return res, nil
	}
	return tl.structuredResult(end.Out)
}

// decodeInput validates the arguments against the input schema, applies
// defaults, and decodes them into In. It also returns the arguments as
// canonical JSON, which sealed state binds, when the tool may ask.
func (tl *tool) decodeInput(raw json.RawMessage) ([]byte, reflect.Value, error) {
	var v any = map[string]any{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, reflect.Value{}, err
		}
	}
	// A flat schema has no defaults to apply, and its fast validator says
	// only "valid": the validator still says why not.
	if obj, ok := v.(map[string]any); !ok || tl.inFlat == nil || !tl.inFlat.Valid(obj) {
		if err := tl.inSchema.ApplyDefaults(&v); err != nil {
			return nil, reflect.Value{}, err
		}
		if err := tl.inSchema.Validate(v); err != nil {
			return nil, reflect.Value{}, err
		}
	}
	return tl.engine.Input(v)
}

// structuredResult renders Out as structured content, as mcp.AddTool does.
func (tl *tool) structuredResult(v reflect.Value) (*mcp.CallToolResult, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		v = reflect.Zero(v.Type().Elem())
	}
	if v.Kind() == reflect.Interface && v.IsNil() {
		return &mcp.CallToolResult{}, nil
	}
	data, err := engine.EncodeOutput(v.Interface(), tl.outSchema, tl.outExact)
	if err != nil {
		return nil, err
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

func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}
