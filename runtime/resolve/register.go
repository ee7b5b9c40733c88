package resolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Rule identifies a rule that registration enforces. The analyzers of
// mcplint report the same rules at compile time under the same names.
type Rule string

const (
	// RuleResolveMix: a tool with resolved parameters whose Out type can
	// carry an input-required result (python-sdk PR #3019, bug 3).
	RuleResolveMix Rule = "resolvemix"
	// RuleElicitBase: a resolver typed Elicit[T] where T has no static form
	// schema (python-sdk PR #3019, bug 2).
	RuleElicitBase Rule = "elicitbase"
	// RuleResolveGraph: a signature or dependency graph that cannot be
	// resolved: a missing or duplicate provider, a cycle, an unsupported
	// parameter, an unused resolver, or an eliciting chain longer than the
	// client's round budget.
	RuleResolveGraph Rule = "resolvegraph"
)

// Kind is the kind of a registration finding within its rule. The mcplint
// analyzers use the same names as diagnostic categories.
type Kind string

// The kinds of registration findings.
const (
	KindHandlerSignature  Kind = "handler-signature"  // resolvegraph
	KindResolverSignature Kind = "resolver-signature" // resolvegraph
	KindReservedType      Kind = "reserved-type"      // resolvegraph
	KindDuplicateProvider Kind = "duplicate-provider" // resolvegraph
	KindInputKey          Kind = "input-key"          // resolvegraph
	KindParameterKind     Kind = "parameter-kind"     // resolvegraph
	KindMissingProvider   Kind = "missing-provider"   // resolvegraph
	KindCycle             Kind = "cycle"              // resolvegraph
	KindUnusedResolver    Kind = "unused-resolver"    // resolvegraph
	KindRoundBudget       Kind = "round-budget"       // resolvegraph
	KindInputSchema       Kind = "input-schema"       // resolvegraph
	KindOutputSchema      Kind = "output-schema"      // resolvegraph
	KindDeclared          Kind = "declared"           // resolvemix
	KindAnswerType        Kind = "answer-type"        // elicitbase
)

// A RegistrationError is one reason registration rejected a tool. AddTool
// returns all of them, joined with [errors.Join]; use [Rules] to list their
// rule ids.
type RegistrationError struct {
	Rule Rule
	Kind Kind
	Tool string
	Msg  string
}

func (e *RegistrationError) Error() string {
	return fmt.Sprintf("resolve: tool %q: %s (%s)", e.Tool, e.Msg, e.Rule)
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

// DefaultRoundBudget is the number of rounds a client retries an
// input-required call before it gives up (10 in the Go, python and
// typescript SDKs).
const DefaultRoundBudget = 10

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
	// and the runtime logs that once per tool.
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

// A Runtime registers resolver tools that share one configuration.
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

// argKind says where the engine takes a function argument from.
type argKind int

const (
	argContext argKind = iota
	argRequest
	argInput
	argValue   // the value of node: aborts on decline or cancel
	argOutcome // Outcome[T] of node
)

type arg struct {
	kind argKind
	node int          // argValue, argOutcome
	typ  reflect.Type // the parameter's type
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
	rt         *Runtime
	codec      StateCodec
	spec       *mcp.Tool
	inType     reflect.Type
	inSchema   *jsonschema.Resolved
	outSchema  *jsonschema.Resolved // nil when Out is an interface
	handler    reflect.Value
	args       []arg
	nodes      []*node // in dependency order: every node after those it uses
	isResolved bool    // the handler has resolved parameters
}

// compile checks the tool's signatures and graph, and builds its plan.
func (rt *Runtime) compile(t *mcp.Tool, handler any, resolvers []any) (*tool, error) {
	c := compiler{tool: &tool{rt: rt, codec: rt.codec}, name: t.Name}
	c.compile(t, handler, resolvers)
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return c.tool, nil
}

type compiler struct {
	*tool
	name      string
	errs      []error
	providers map[reflect.Type]int // provided type -> node index, before sorting
	raw       []*node
}

func (c *compiler) fail(rule Rule, kind Kind, format string, args ...any) {
	c.errs = append(c.errs, &RegistrationError{Rule: rule, Kind: kind, Tool: c.name, Msg: fmt.Sprintf(format, args...)})
}

func (c *compiler) compile(t *mcp.Tool, handler any, resolvers []any) {
	hv := reflect.ValueOf(handler)
	if hv.Kind() != reflect.Func || hv.IsNil() {
		c.fail(RuleResolveGraph, KindHandlerSignature, "handler is %T, not a function", handler)
		return
	}
	ht := hv.Type()
	hname := funcName(hv)
	if ht.IsVariadic() || ht.NumIn() < 3 || ht.In(0) != contextType || ht.In(1) != requestType ||
		ht.NumOut() != 2 || ht.Out(1) != errorType {
		c.fail(RuleResolveGraph, KindHandlerSignature, "handler %s has signature %s; want func(context.Context, *mcp.CallToolRequest, In, resolved...) (Out, error)", hname, ht)
		return
	}
	c.handler = hv
	c.inType = ht.In(2)
	outType := ht.Out(0)

	c.collectResolvers(resolvers)
	for i := 3; i < ht.NumIn(); i++ {
		a, ok := c.resolvedArg(ht.In(i), "handler "+hname)
		if ok {
			c.args = append(c.args, a)
			c.isResolved = true
		}
	}
	c.args = append([]arg{{kind: argContext, typ: contextType}, {kind: argRequest, typ: requestType}, {kind: argInput, typ: c.inType}}, c.args...)
	for _, n := range c.raw {
		for i := 0; i < n.fn.Type().NumIn(); i++ {
			if a, ok := c.param(n.fn.Type().In(i), "resolver "+n.name); ok {
				n.args = append(n.args, a)
			}
		}
	}
	if c.isResolved && canCarryInputRequired(outType) {
		c.fail(RuleResolveMix, KindDeclared, "handler %s has resolved parameters and returns %s, which can carry an input-required result: "+
			"a call has one input_required channel, so the flow is driven either by resolvers or by the tool body, not both", hname, outType)
	}
	c.sortAndCheckGraph()
	c.buildSchemas(t, outType)
}

// collectResolvers reads each resolver's result and records what it provides.
func (c *compiler) collectResolvers(resolvers []any) {
	c.providers = make(map[reflect.Type]int)
	keys := make(map[string]string) // wire key -> resolver name
	for _, r := range resolvers {
		rv := reflect.ValueOf(r)
		if rv.Kind() != reflect.Func || rv.IsNil() {
			c.fail(RuleResolveGraph, KindResolverSignature, "resolver %T is not a function", r)
			continue
		}
		rtyp := rv.Type()
		name := funcName(rv)
		if rtyp.IsVariadic() || rtyp.NumOut() != 2 || rtyp.Out(1) != errorType {
			c.fail(RuleResolveGraph, KindResolverSignature, "resolver %s has signature %s; want func(params...) (T, error) or (resolve.Elicit[T], error)", name, rtyp)
			continue
		}
		n := &node{name: name, fn: rv, provides: rtyp.Out(0)}
		if rtyp.Out(0).Implements(elicitIface) {
			n.eliciting = true
			n.provides = reflect.Zero(rtyp.Out(0)).Interface().(elicitation).answerType()
			c.checkAnswerType(n)
		}
		if why := unprovidable(n.provides, c.inType); why != "" {
			c.fail(RuleResolveGraph, KindReservedType, "resolver %s provides %s, %s", name, n.provides, why)
			continue
		}
		if prev, dup := c.providers[n.provides]; dup {
			c.fail(RuleResolveGraph, KindDuplicateProvider, "resolvers %s and %s both provide %s; each type needs exactly one provider", c.raw[prev].name, name, n.provides)
			continue
		}
		if named, ok := keyer(n.provides); ok {
			n.key = named.InputKey()
			// A bad key fails the tool, but the resolver still provides
			// its type, so that its consumers are not reported too.
			if n.key == "" {
				c.fail(RuleResolveGraph, KindInputKey, "%s.InputKey returns an empty key", n.provides)
			} else if prev, dup := keys[n.key]; dup {
				c.fail(RuleResolveGraph, KindInputKey, "resolvers %s and %s both ask under the key %q", prev, name, n.key)
			}
		} else {
			// Type names are unique within a package; two packages with one
			// name could still collide.
			n.key = n.provides.String()
			for i := 2; keys[n.key] != ""; i++ {
				n.key = fmt.Sprintf("%s#%d", n.provides, i)
			}
		}
		keys[n.key] = name
		c.providers[n.provides] = len(c.raw)
		c.raw = append(c.raw, n)
	}
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

// unprovidable says why a resolver may not provide t, or returns "".
func unprovidable(t, in reflect.Type) string {
	switch {
	case t == contextType, t == requestType, t == in:
		return "which the engine supplies itself"
	case t == errorType:
		return "which is reserved for errors"
	case t.Implements(elicitIface), t.Implements(outcomeIface):
		return "which is not a value type"
	}
	return ""
}

// checkAnswerType enforces rule elicitbase on an eliciting resolver.
func (c *compiler) checkAnswerType(n *node) {
	switch n.provides {
	case formType, samplingType, rootsType:
		return
	}
	if why := formProblem(n.provides); why != "" {
		c.fail(RuleElicitBase, KindAnswerType, "resolver %s returns resolve.Elicit[%s]: %s has no static form schema (%s); ask with an explicit schema through resolve.Elicit[resolve.Form] and resolve.AskForm",
			n.name, n.provides, n.provides, why)
		return
	}
	schema, err := formSchema(n.provides)
	if err != nil {
		c.fail(RuleElicitBase, KindAnswerType, "resolver %s returns resolve.Elicit[%s]: %v", n.name, n.provides, err)
		return
	}
	n.form = schema
	n.formJSON, err = json.Marshal(schema.Schema())
	if err != nil {
		c.fail(RuleElicitBase, KindAnswerType, "resolver %s returns resolve.Elicit[%s]: %v", n.name, n.provides, err)
	}
}

// param classifies a resolver parameter.
func (c *compiler) param(t reflect.Type, where string) (arg, bool) {
	switch t {
	case contextType:
		return arg{kind: argContext, typ: t}, true
	case requestType:
		return arg{kind: argRequest, typ: t}, true
	case c.inType:
		return arg{kind: argInput, typ: t}, true
	}
	return c.resolvedArg(t, where)
}

// resolvedArg classifies a parameter that a resolver must provide.
func (c *compiler) resolvedArg(t reflect.Type, where string) (arg, bool) {
	kind, want := argValue, t
	switch {
	case t.Implements(elicitIface):
		c.fail(RuleResolveGraph, KindParameterKind, "%s has a parameter of type %s, which is a resolver result, not a value", where, t)
		return arg{}, false
	case t.Implements(outcomeIface):
		kind, want = argOutcome, reflect.Zero(t).Interface().(outcome).valueType()
	case t == contextType || t == requestType || t == c.inType:
		c.fail(RuleResolveGraph, KindParameterKind, "%s has a parameter of type %s after the input; only resolved values may follow it", where, t)
		return arg{}, false
	}
	i, ok := c.providers[want]
	if !ok {
		c.fail(RuleResolveGraph, KindMissingProvider, "%s has a parameter of type %s, and no resolver provides %s", where, t, want)
		return arg{}, false
	}
	return arg{kind: kind, node: i, typ: t}, true
}

// sortAndCheckGraph orders the nodes so that each comes after the nodes it
// uses, and reports cycles, unused resolvers and chains of questions longer
// than the round budget.
func (c *compiler) sortAndCheckGraph() {
	const (
		unvisited = iota
		visiting
		done
	)
	state := make([]int, len(c.raw))
	depth := make([]int, len(c.raw)) // questions on the longest chain ending here
	order := make([]int, 0, len(c.raw))
	var stack []int
	var visit func(i int) bool
	visit = func(i int) bool {
		switch state[i] {
		case done:
			return true
		case visiting:
			var names []string
			for _, j := range stack[slices.Index(stack, i):] {
				names = append(names, c.raw[j].name)
			}
			names = append(names, c.raw[i].name)
			c.fail(RuleResolveGraph, KindCycle, "resolvers form a cycle: %s", strings.Join(names, " -> "))
			return false
		}
		state[i] = visiting
		stack = append(stack, i)
		ok := true
		for _, a := range c.raw[i].args {
			if a.kind == argValue || a.kind == argOutcome {
				if !visit(a.node) {
					ok = false
					break
				}
				depth[i] = max(depth[i], depth[a.node])
			}
		}
		stack = stack[:len(stack)-1]
		if !ok {
			return false
		}
		if c.raw[i].eliciting {
			depth[i]++
		}
		state[i] = done
		order = append(order, i)
		return true
	}
	deepest := -1
	for _, a := range c.args {
		if a.kind == argValue || a.kind == argOutcome {
			if !visit(a.node) {
				return
			}
			if deepest < 0 || depth[a.node] > depth[deepest] {
				deepest = a.node
			}
		}
	}
	if deepest >= 0 && depth[deepest] > c.rt.budget {
		c.fail(RuleResolveGraph, KindRoundBudget, "resolver %s ends a chain of %d dependent questions, more than the client's round budget of %d: the call can never finish",
			c.raw[deepest].name, depth[deepest], c.rt.budget)
	}
	for i, n := range c.raw {
		if state[i] == unvisited {
			c.fail(RuleResolveGraph, KindUnusedResolver, "resolver %s provides %s, which neither the handler nor another resolver uses", n.name, n.provides)
		}
	}
	// Renumber the graph in dependency order.
	newIndex := make([]int, len(c.raw))
	for pos, i := range order {
		newIndex[i] = pos
		c.nodes = append(c.nodes, c.raw[i])
	}
	renumber := func(args []arg) {
		for k := range args {
			if args[k].kind == argValue || args[k].kind == argOutcome {
				args[k].node = newIndex[args[k].node]
			}
		}
	}
	for _, n := range c.nodes {
		renumber(n.args)
	}
	renumber(c.args)
}

// buildSchemas infers the input and output schemas, as mcp.AddTool does, and
// fills in the tool's wire description.
func (c *compiler) buildSchemas(t *mcp.Tool, outType reflect.Type) {
	spec := *t
	if spec.InputSchema == nil {
		if c.inType == reflect.TypeFor[any]() {
			spec.InputSchema = &jsonschema.Schema{Type: "object"}
		} else {
			s, err := jsonschema.ForType(derefType(c.inType), &jsonschema.ForOptions{})
			if err != nil {
				c.fail(RuleResolveGraph, KindInputSchema, "input type %s has no JSON schema: %v", c.inType, err)
				return
			}
			if s.Type != "object" {
				c.fail(RuleResolveGraph, KindInputSchema, "input type %s is not a struct or map: tool arguments are a JSON object", c.inType)
				return
			}
			spec.InputSchema = s
		}
	}
	var err error
	if c.inSchema, err = resolveSchema(spec.InputSchema); err != nil {
		c.fail(RuleResolveGraph, KindInputSchema, "input schema: %v", err)
		return
	}
	if spec.OutputSchema == nil && outType.Kind() != reflect.Interface && !canCarryInputRequired(outType) {
		s, err := jsonschema.ForType(derefType(outType), &jsonschema.ForOptions{})
		if err != nil {
			c.fail(RuleResolveGraph, KindOutputSchema, "output type %s has no JSON schema: %v", outType, err)
			return
		}
		spec.OutputSchema = s
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
