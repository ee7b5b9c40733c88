package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Rule identifies a rule that registration enforces. The analyzers of
// mcplint report the same rules at compile time under the same names; the
// rules are stated once, for both, in the module's internal/rules.
type Rule = rules.Rule

// The rules that registration enforces.
const (
	// RuleResolveMix: a tool with resolved parameters whose Out type can
	// carry an input-required result (python-sdk PR #3019, bug 3).
	RuleResolveMix = rules.ResolveMix
	// RuleElicitBase: a resolver typed Elicit[T] where T has no static form
	// schema (python-sdk PR #3019, bug 2).
	RuleElicitBase = rules.ElicitBase
	// RuleResolveGraph: a signature or dependency graph that cannot be
	// resolved: a missing or duplicate provider, a cycle, an unsupported
	// parameter, an unused resolver, a wire key two questions share, or an
	// eliciting chain longer than the client's round budget.
	RuleResolveGraph = rules.ResolveGraph
)

// Kind is the kind of a registration finding within its rule. The mcplint
// analyzers use the same names as diagnostic categories.
type Kind = rules.Kind

// The kinds of registration findings.
const (
	KindHandlerSignature  = rules.HandlerSignature  // resolvegraph
	KindResolverSignature = rules.ResolverSignature // resolvegraph
	KindReservedType      = rules.ReservedType      // resolvegraph
	KindDuplicateProvider = rules.DuplicateProvider // resolvegraph
	KindInputKey          = rules.InputKey          // resolvegraph
	KindParameterKind     = rules.ParameterKind     // resolvegraph
	KindMissingProvider   = rules.MissingProvider   // resolvegraph
	KindCycle             = rules.Cycle             // resolvegraph
	KindUnusedResolver    = rules.UnusedResolver    // resolvegraph
	KindRoundBudget       = rules.RoundBudget       // resolvegraph
	KindInputSchema       = rules.InputSchema       // resolvegraph
	KindOutputSchema      = rules.OutputSchema      // resolvegraph
	KindDeclared          = rules.Declared          // resolvemix
	KindAnswerType        = rules.AnswerType        // elicitbase
)

// A RegistrationError is one reason registration rejected a tool. AddTool
// returns all of them, joined with [errors.Join]; use [Rules] to list their
// rule ids.
type RegistrationError struct {
	Rule Rule
	Kind Kind
	// Tool names the tool or prompt, or the resource's URI or URI
	// template.
	Tool   string
	Msg    string
	method rules.Method
}

func (e *RegistrationError) Error() string {
	return fmt.Sprintf("resolve: %s %q: %s (%s)", e.method.Noun(), e.Tool, e.Msg, e.Rule)
}

// Rules returns the rule id of every [RegistrationError] in err, in order.
func Rules(err error) []Rule {
	var rules []Rule
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case nil:
		case *RegistrationError:
			rules = append(rules, e.Rule)
		case interface{ Unwrap() []error }:
			for _, e := range e.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(e.Unwrap())
		}
	}
	walk(err)
	return rules
}

// An InputKeyer is a provided type that chooses the wire key of its
// question: the key of the question in inputRequests and of its answer in
// inputResponses. Without it the key is the type's name, such as
// "main.Backorder". Keys must be unique within a tool.
type InputKeyer interface {
	InputKey() string
}

// DefaultRoundBudget is the longest chain of dependent questions a tool
// may ask by default, counted in questions: each costs the call one
// input-required result. It is the longest chain that the clients of the
// Go, python and typescript SDKs all finish (the go-sdk client fails the
// call at its 10th input-required result, so 9).
const DefaultRoundBudget = rules.DefaultRoundBudget

// Options configure a [Runtime].
type Options struct {
	// StateCodec encodes the engine's state into requestState and back.
	// Nil means sealed state (see package seal): with the key ring in the
	// environment variable MCPLINT_STATE_KEYS when it is set, which several
	// replicas of a server share, or else with a random key of this
	// process, and bound to Audience.
	StateCodec StateCodec
	// RoundBudget is the longest chain of dependent questions a tool may
	// have. Zero means [DefaultRoundBudget].
	RoundBudget int
	// Logger receives the detailed reasons behind rejected state and
	// answers, the value and stack of a recovered panic, and the errors
	// behind internal failures, which clients only see as fixed messages.
	// Nil means slog.Default().
	Logger *slog.Logger
	// Principal names the user a request acts for; sealed state is bound
	// to it, so that one user's requestState is useless to another. Nil
	// means req.Extra.TokenInfo.UserID. A request that carries a TokenInfo
	// but has an empty principal is served with state bound to no user,
	// and the runtime logs that once per tool. For a prompt or resource,
	// req carries the Session and Extra of the prompts/get or
	// resources/read request, and empty Params.
	Principal func(req *mcp.CallToolRequest) string
	// Audience names the service whose servers open each other's sealed
	// state. Empty means the name of the server a tool is registered on
	// (its mcp.Implementation.Name), as python-sdk binds the server name:
	// two servers of one process with different names do not accept each
	// other's state, while replicas of one service, which share a name, do.
	// Set it when replicas have different names, or to keep apart two
	// servers that share a name, such as two tenants. It applies to the
	// default sealed codec; a StateCodec binds its own audience, as
	// seal.Options.Audience does.
	Audience string
}

// A Runtime registers resolver tools, prompts and resources that share one
// configuration.
type Runtime struct {
	codec     StateCodec // of every tool; with audiences, of tools not registered on a server
	budget    int
	logger    *slog.Logger
	principal func(*mcp.CallToolRequest) string
	audiences *audienceCodecs // nil unless the codec is sealed per server name
	unbound   sync.Map        // names of the tools logged as serving state bound to no user
}

// New returns a Runtime configured by opts, which may be nil. It fails if
// MCPLINT_STATE_KEYS is needed and malformed.
func New(opts *Options) (*Runtime, error) {
	if opts == nil {
		opts = &Options{}
	}
	rt := &Runtime{codec: opts.StateCodec, budget: DefaultRoundBudget, logger: opts.Logger, principal: opts.Principal}
	if opts.RoundBudget > 0 {
		rt.budget = opts.RoundBudget
	}
	if rt.logger == nil {
		rt.logger = slog.Default()
	}
	if rt.principal == nil {
		rt.principal = tokenUserID
	}
	if rt.codec == nil {
		codecs, err := newAudienceCodecs(rt.logger)
		if err != nil {
			return nil, err
		}
		if rt.codec, err = codecs.forAudience(opts.Audience); err != nil {
			return nil, err
		}
		if opts.Audience == "" {
			rt.audiences = codecs
		}
	}
	return rt, nil
}

// defaultRuntime is the Runtime of the package-level AddTool, made on first
// use so that the environment is read then.
var defaultRuntime = sync.OnceValues(func() (*Runtime, error) { return New(nil) })

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
	if err := tl.bindServer(s); err != nil {
		return err
	}
	s.AddTool(tl.spec, tl.handle)
	return nil
}

var (
	contextType    = reflect.TypeFor[context.Context]()
	requestType    = reflect.TypeFor[*mcp.CallToolRequest]()
	errorType      = reflect.TypeFor[error]()
	toolResultType = reflect.TypeFor[mcp.CallToolResult]()
	samplingType   = reflect.TypeFor[*mcp.CreateMessageWithToolsResult]()
	rootsType      = reflect.TypeFor[*mcp.ListRootsResult]()
	formType       = reflect.TypeFor[Form]()
	elicitIface    = reflect.TypeFor[elicitation]()
	outcomeIface   = reflect.TypeFor[outcome]()
)

type arg struct {
	kind rules.ArgKind // where the engine takes the argument from
	node int           // rules.ArgValue, rules.ArgOutcome
	typ  reflect.Type  // the parameter's type
}

// node is one resolver of a tool.
type node struct {
	name      string // the function's name, for messages
	key       string // wire key of its question
	fn        reflect.Value
	provides  reflect.Type
	eliciting bool
	form      *jsonschema.Resolved // Ask[T]: the schema inferred from T
	formJSON  []byte               // and its JSON, as sent
	args      []arg
}

// tool is a compiled resolver tool.
type tool struct {
	engine
	spec      *mcp.Tool
	inType    reflect.Type
	inSchema  *jsonschema.Resolved
	outSchema *jsonschema.Resolved // nil when Out is an interface
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
	e, plan, err := rt.compileEngine(reg, handler, resolvers)
	if err != nil {
		return nil, err
	}
	c := compiler{tool: &tool{engine: *e, inType: plan.In}, name: t.Name}
	c.buildSchemas(t, plan.Out)
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return c.tool, nil
}

// compileEngine checks a registration with the rule core and builds the
// engine that serves it.
func (rt *Runtime) compileEngine(reg *rules.Registration[reflect.Type], handler any, resolvers []any) (*engine, *rules.Plan[reflect.Type], error) {
	ts := &reflectTypes{forms: make(map[reflect.Type]*form)}
	reg.Handler = describe(handler)
	reg.Budget = rt.budget
	for _, r := range resolvers {
		reg.Resolvers = append(reg.Resolvers, describe(r))
	}
	plan := rules.Check[reflect.Type](ts, reg)
	var errs []error
	for _, f := range plan.Findings {
		errs = append(errs, &RegistrationError{Rule: f.Rule, Kind: f.Kind, Tool: reg.Tool, method: reg.Method, Msg: f.Msg})
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	e := &engine{rt: rt, codec: rt.codec, method: reg.Method, name: reg.Tool, handler: reflect.ValueOf(handler), isResolved: plan.Resolved}
	e.args = toArgs(plan.Args, e.handler.Type().In)
	for _, pn := range plan.Nodes {
		fn := reflect.ValueOf(resolvers[pn.Resolver])
		n := &node{name: reg.Resolvers[pn.Resolver].Name, key: pn.Key, fn: fn, provides: pn.Provides, eliciting: pn.Eliciting,
			args: toArgs(pn.Args, fn.Type().In)}
		if f := ts.forms[pn.Provides]; pn.Eliciting && f != nil {
			n.form, n.formJSON = f.schema, f.json
		}
		e.nodes = append(e.nodes, n)
	}
	return e, plan, nil
}

// toArgs converts the core's arguments of a function whose parameter types
// in gives.
func toArgs(args []rules.Arg, in func(int) reflect.Type) []arg {
	out := make([]arg, len(args))
	for i, a := range args {
		out[i] = arg{kind: a.Kind, node: a.Node, typ: in(i)}
	}
	return out
}

// describe describes a handler or resolver argument for the rule core.
func describe(f any) rules.Func[reflect.Type] {
	v := reflect.ValueOf(f)
	switch {
	case f == nil || (v.Kind() == reflect.Func && v.IsNil()):
		return rules.Func[reflect.Type]{Nil: true}
	case v.Kind() != reflect.Func:
		return rules.Func[reflect.Type]{Type: v.Type()}
	}
	t := v.Type()
	d := rules.Func[reflect.Type]{Name: funcName(v), IsFunc: true, Type: t, Variadic: t.IsVariadic()}
	for i := range t.NumIn() {
		d.Params = append(d.Params, t.In(i))
	}
	for i := range t.NumOut() {
		d.Results = append(d.Results, t.Out(i))
	}
	return d
}

// reflectTypes answers the rule core's questions about types with reflect.
type reflectTypes struct {
	// forms caches the form schemas that FormSchemaProblem inferred, for the
	// engine to send.
	forms map[reflect.Type]*form
}

type form struct {
	schema *jsonschema.Resolved
	json   []byte
}

func (*reflectTypes) Identical(a, b reflect.Type) bool { return a == b }

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

func (*reflectTypes) String(t reflect.Type) string  { return requestAliases.Replace(t.String()) }
func (*reflectTypes) IsContext(t reflect.Type) bool { return t == contextType }

func (*reflectTypes) IsRequest(m rules.Method, t reflect.Type) bool {
	return t == methodTypes[m].request
}

func (*reflectTypes) IsResult(m rules.Method, t reflect.Type) bool {
	r := methodTypes[m].result
	return r != nil && t == r
}

func (*reflectTypes) IsError(t reflect.Type) bool { return t == errorType }

func (*reflectTypes) ElicitArg(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() == reflect.Interface || !t.Implements(elicitIface) {
		return nil, false
	}
	return reflect.Zero(t).Interface().(elicitation).answerType(), true
}

func (*reflectTypes) OutcomeArg(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() == reflect.Interface || !t.Implements(outcomeIface) {
		return nil, false
	}
	return reflect.Zero(t).Interface().(outcome).valueType(), true
}

func (*reflectTypes) CanCarryInputRequired(t reflect.Type) bool { return canCarryInputRequired(t) }

func (*reflectTypes) ExplicitAnswer(t reflect.Type) bool {
	return t == formType || t == samplingType || t == rootsType
}

func (*reflectTypes) FormShape(t reflect.Type) (rules.FormKind, []rules.FormField[reflect.Type]) {
	st := derefType(t)
	switch st.Kind() {
	case reflect.Interface:
		return rules.FormInterface, nil
	case reflect.Map:
		return rules.FormMap, nil
	case reflect.Struct:
	default:
		if t == reflect.TypeFor[json.RawMessage]() {
			return rules.FormRawJSON, nil
		}
		return rules.FormOther, nil
	}
	var fields []rules.FormField[reflect.Type]
	for _, f := range reflect.VisibleFields(st) {
		fields = append(fields, rules.FormField[reflect.Type]{
			Name: f.Name, Type: f.Type, Embedded: f.Anonymous, Exported: f.IsExported(),
			Omitted: strings.Split(f.Tag.Get("json"), ",")[0] == "-",
		})
	}
	return rules.FormStruct, fields
}

func (*reflectTypes) IsPrimitive(t reflect.Type) bool { return isPrimitive(derefType(t)) }

// FormSchemaProblem infers the form schema of t and keeps it for the engine.
func (ts *reflectTypes) FormSchemaProblem(t reflect.Type) string {
	schema, err := formSchema(t)
	if err != nil {
		return schemaError(err)
	}
	data, err := json.Marshal(schema.Schema())
	if err != nil {
		return err.Error()
	}
	ts.forms[t] = &form{schema: schema, json: data}
	return ""
}

func (*reflectTypes) WireKey(t reflect.Type) (string, bool, bool) {
	if k, ok := keyer(t); ok {
		return k.InputKey(), true, true
	}
	// Type names are unique within a package; two packages with one name
	// collide, and are rejected like any other collision.
	return t.String(), false, true
}

func (*reflectTypes) InputSchemaProblem(in reflect.Type) string {
	if in == reflect.TypeFor[any]() {
		return ""
	}
	s, err := jsonschema.ForType(derefType(in), &jsonschema.ForOptions{})
	if err != nil {
		return "has no JSON schema: " + schemaError(err)
	}
	if s.Type != "object" {
		return "is not a struct or map: tool arguments are a JSON object"
	}
	return ""
}

func (*reflectTypes) OutputSchemaProblem(out reflect.Type) string {
	if out.Kind() == reflect.Interface || canCarryInputRequired(out) {
		return ""
	}
	if _, err := jsonschema.ForType(derefType(out), &jsonschema.ForOptions{}); err != nil {
		return "has no JSON schema: " + schemaError(err)
	}
	return ""
}

// schemaError is the reason in an error of jsonschema.ForType, without the
// prefixes that name the call and the type.
func schemaError(err error) string {
	msg := err.Error()
	for {
		_, rest, ok := strings.Cut(msg, ": ")
		if !ok || !strings.HasPrefix(msg, "ForType") && !strings.HasPrefix(msg, "computing") {
			return msg
		}
		msg = rest
	}
}

type compiler struct {
	*tool
	name string
	errs []error
}

func (c *compiler) fail(rule Rule, kind Kind, format string, args ...any) {
	c.errs = append(c.errs, &RegistrationError{Rule: rule, Kind: kind, Tool: c.name, Msg: fmt.Sprintf(format, args...)})
}

// keyer returns a value of t that chooses its wire key, if t does. A pointer
// type's key is read through a pointer to a zero value, never through nil.
func keyer(t reflect.Type) (InputKeyer, bool) {
	v := reflect.Zero(t)
	if t.Kind() == reflect.Pointer {
		v = reflect.New(t.Elem())
	}
	k, ok := v.Interface().(InputKeyer)
	return k, ok
}

// buildSchemas infers the input and output schemas, as mcp.AddTool does, and
// fills in the tool's wire description.
func (c *compiler) buildSchemas(t *mcp.Tool, outType reflect.Type) {
	spec := *t
	if spec.InputSchema == nil {
		if c.inType == reflect.TypeFor[any]() {
			spec.InputSchema = &jsonschema.Schema{Type: "object"}
		} else {
			// The rule core has checked that the schema can be inferred.
			spec.InputSchema, _ = jsonschema.ForType(derefType(c.inType), &jsonschema.ForOptions{})
		}
	}
	var err error
	if c.inSchema, err = resolveSchema(spec.InputSchema); err != nil {
		c.fail(RuleResolveGraph, KindInputSchema, "input schema: %v", err)
		return
	}
	if spec.OutputSchema == nil && outType.Kind() != reflect.Interface && !canCarryInputRequired(outType) {
		spec.OutputSchema, _ = jsonschema.ForType(derefType(outType), &jsonschema.ForOptions{})
	}
	if spec.OutputSchema != nil {
		if c.outSchema, err = resolveSchema(spec.OutputSchema); err != nil {
			c.fail(RuleResolveGraph, KindOutputSchema, "output schema: %v", err)
			return
		}
	}
	c.spec = &spec
}

// resolveSchema resolves a schema given as a *jsonschema.Schema or as any
// value that marshals to one.
func resolveSchema(v any) (*jsonschema.Resolved, error) {
	s, ok := v.(*jsonschema.Schema)
	if !ok {
		s = new(jsonschema.Schema)
		if err := remarshal(v, s); err != nil {
			return nil, err
		}
	}
	return s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
}

func derefType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// canCarryInputRequired reports whether a value of type t can be an
// input-required result: mcp.CallToolResult itself, a type defined from it,
// a pointer to one, or a struct that embeds one (which promotes its fields
// and its JSON encoding). Type aliases and generic instantiations need no
// case of their own: reflect sees the types they denote.
func canCarryInputRequired(t reflect.Type) bool {
	seen := make(map[reflect.Type]bool)
	var carries func(t reflect.Type) bool
	carries = func(t reflect.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer:
			return carries(t.Elem())
		case reflect.Struct:
			if t.ConvertibleTo(toolResultType) {
				return true
			}
			for i := 0; i < t.NumField(); i++ {
				if f := t.Field(i); f.Anonymous && carries(f.Type) {
					return true
				}
			}
		}
		return false
	}
	return carries(t)
}

// funcName names a function for messages: its package and name, without
// the import path.
func funcName(v reflect.Value) string {
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return v.Type().String()
	}
	name := f.Name()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSuffix(name, "-fm")
}
