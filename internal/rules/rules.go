// Package rules states, once, the registration rules that mcplint enforces
// twice: at run time, when runtime/resolve registers a resolver tool
// (reflect), and at compile time, when the analyzers resolvegraph,
// resolvemix and elicitbase look at the same registration (go/types).
//
// The package holds the rule ids and kinds, the message of every finding,
// the order of the checks and the graph work (providers, duplicates,
// cycles, unused resolvers, the round budget, wire keys). Each half
// describes a registration as a [Registration] and answers the questions
// about types that it alone can answer through a [Types]; [Check] does the
// rest. A rule added here is enforced by both halves, with the same words.
package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Rule identifies a registration rule. The analyzer that reports a rule at
// compile time has the rule's name.
type Rule string

// The registration rules.
const (
	// ResolveMix: a tool with resolved parameters whose result type can
	// carry an input-required result.
	ResolveMix Rule = "resolvemix"
	// ElicitBase: a resolver typed Elicit[T] where T has no static form
	// schema.
	ElicitBase Rule = "elicitbase"
	// ResolveGraph: a signature or dependency graph that cannot be
	// resolved.
	ResolveGraph Rule = "resolvegraph"
)

// Kind is the kind of a finding within its rule. The analyzers use the
// kinds of resolvegraph as their diagnostic categories.
type Kind string

// The kinds of findings; [Kind.Rule] says which rule each belongs to.
const (
	HandlerSignature  Kind = "handler-signature"
	ResolverSignature Kind = "resolver-signature"
	ReservedType      Kind = "reserved-type"
	DuplicateProvider Kind = "duplicate-provider"
	InputKey          Kind = "input-key"
	ParameterKind     Kind = "parameter-kind"
	MissingProvider   Kind = "missing-provider"
	Cycle             Kind = "cycle"
	UnusedResolver    Kind = "unused-resolver"
	RoundBudget       Kind = "round-budget"
	InputSchema       Kind = "input-schema"
	OutputSchema      Kind = "output-schema"
	Declared          Kind = "declared"
	AnswerType        Kind = "answer-type"
)

// Kinds lists every kind, in the order above.
var Kinds = []Kind{
	HandlerSignature, ResolverSignature, ReservedType, DuplicateProvider, InputKey, ParameterKind,
	MissingProvider, Cycle, UnusedResolver, RoundBudget, InputSchema, OutputSchema, Declared, AnswerType,
}

// Rule returns the rule that findings of kind k belong to, or "" for a
// kind that is not one of [Kinds].
func (k Kind) Rule() Rule {
	switch k {
	case Declared:
		return ResolveMix
	case AnswerType:
		return ElicitBase
	case HandlerSignature, ResolverSignature, ReservedType, DuplicateProvider, InputKey, ParameterKind,
		MissingProvider, Cycle, UnusedResolver, RoundBudget, InputSchema, OutputSchema:
		return ResolveGraph
	}
	return ""
}

// The resolvemix rule's words, stated once for the registration check,
// the analyzer and the engine's run-time twin: a call has one channel for
// input-required results, and resolvers own it.
const (
	// OneChannel is the fact every resolvemix message states.
	OneChannel = "a call has one input_required channel"
	// ResolveMixDeclaredFix is the remedy when the handler's declared
	// result type can carry an input-required result.
	ResolveMixDeclaredFix = "return a type that cannot (a struct of your own, or an interface), or drop the resolvers and drive the questions in the handler"
	// ResolveMixConstructedFix is the remedy when the handler builds an
	// input-required result.
	ResolveMixConstructedFix = "ask through resolvers only, or drop the resolvers and drive the questions in the handler"
	// ResolveMixConstructed ends the analyzer's message about a handler
	// that builds an input-required result, and is the engine's error when
	// such a handler returns one at run time: the same words on both
	// halves.
	ResolveMixConstructed = OneChannel + "; " + ResolveMixConstructedFix
)

// ResolveMixDeclaredMessage is the registration finding of a handler with
// resolved parameters whose result type out can carry an input-required
// result.
func ResolveMixDeclaredMessage(handler, out string) string {
	return fmt.Sprintf("handler %s has resolved parameters and returns %s, which can carry an input-required result, but %s; %s",
		handler, out, OneChannel, ResolveMixDeclaredFix)
}

// DefaultRoundBudget is the longest chain of dependent questions a tool may
// ask by default, counted in questions (input-required results), not in
// requests.
//
// Each question of a chain costs the call one input-required result, and
// the call then needs one more request for its final result. The clients
// stop at:
//
//   - go-sdk v1.8.0 (mcp/mrtr.go): maxMultiRoundTripRetries = 10 requests,
//     the 10th input-required result is an error: at most 9 questions;
//   - python-sdk (DEFAULT_INPUT_REQUIRED_MAX_ROUNDS = 10): an error once
//     more than 10 input-required results came: at most 10 questions;
//   - typescript-sdk (DEFAULT_INPUT_REQUIRED_MAX_ROUNDS = 10, the same
//     count): at most 10 questions.
//
// 9 is the longest chain that every one of them finishes.
const DefaultRoundBudget = 9

// InputRequiredVersion is the first protocol version with input-required
// results (the multi-round flow resolvers use), and the version from which
// go-sdk and mcp-go refuse server-to-client requests. Versions are dates,
// so a later version compares greater as a string.
const InputRequiredVersion = "2026-07-28"

// Types answers the questions about types that only one half can answer:
// reflect at run time, go/types at compile time. T is that half's type.
type Types[T any] interface {
	// Identical reports whether a and b are the same type.
	Identical(a, b T) bool
	// IsContext and IsError recognize context.Context and error.
	IsContext(t T) bool
	IsError(t T) bool
	// IsRequest recognizes the request type of method m
	// (*mcp.CallToolRequest, *mcp.GetPromptRequest, *mcp.ReadResourceRequest);
	// IsResult, the result type of a prompt or resource handler
	// (*mcp.GetPromptResult, *mcp.ReadResourceResult).
	IsRequest(m Method, t T) bool
	IsResult(m Method, t T) bool
	// ElicitArg returns A if t is resolve.Elicit[A]; OutcomeArg, if t is
	// resolve.Outcome[A].
	ElicitArg(t T) (T, bool)
	OutcomeArg(t T) (T, bool)
	// CanCarryInputRequired reports whether a value of type t can be an
	// input-required result (mcp.CallToolResult, or a type that names,
	// points to or embeds it).
	CanCarryInputRequired(t T) bool
	// FormTypes answers the questions of the form rule (see [FormProblem]).
	FormTypes[T]
	// WireKey returns the key under which a question about t is asked:
	// the result of t's InputKey method if it has one (explicit), or else
	// the type's default key. known is false when the key cannot be
	// told (at compile time, a key computed at run time).
	WireKey(t T) (key string, explicit, known bool)
	// InputSchemaProblem and OutputSchemaProblem say why registration
	// cannot infer a tool's input schema from in, or its output schema
	// from out, or return "". They are asked only when the tool does not
	// set that schema itself.
	InputSchemaProblem(in T) string
	OutputSchemaProblem(out T) string
}

// Func describes a handler or resolver argument of a registration.
type Func[T any] struct {
	// Name names the function in messages: "pkg.Name", "pkg.(*T).Name".
	Name string
	// Nil: the argument is nil. Otherwise, if IsFunc is false, the
	// argument has type Type, which is not a function type.
	Nil    bool
	IsFunc bool
	Type   T
	// The signature, if IsFunc. A variadic function's last parameter is
	// its slice type.
	Variadic bool
	Params   []T
	Results  []T
	// At is where the adapter reports findings about this argument.
	At any
}

// Method is the MCP method a registration serves.
type Method int

// The methods. The zero Method is a tool.
const (
	Tool     Method = iota // tools/call: resolve.AddTool
	Prompt                 // prompts/get: resolve.AddPrompt
	Resource               // resources/read: resolve.AddResource, AddResourceTemplate
)

// String returns the method's wire name.
func (m Method) String() string {
	switch m {
	case Prompt:
		return "prompts/get"
	case Resource:
		return "resources/read"
	}
	return "tools/call"
}

// Noun names what a method serves, in messages: "tool", "prompt",
// "resource".
func (m Method) Noun() string {
	switch m {
	case Prompt:
		return "prompt"
	case Resource:
		return "resource"
	}
	return "tool"
}

// An SDK is the MCP SDK whose binding a registration calls: it decides how
// messages spell the request and result types.
type SDK int

// The SDKs. The zero SDK is go-sdk.
const (
	GoSDK SDK = iota // github.com/modelcontextprotocol/go-sdk: runtime/resolve
	MCPGo            // github.com/mark3labs/mcp-go: runtime/mcpgo/resolve
)

// A Registration is one call of resolve.AddTool, AddPrompt, AddResource or
// AddResourceTemplate, as one half sees it.
type Registration[T any] struct {
	Method Method
	// SDK is the SDK of the binding called.
	SDK SDK
	// Tool names the tool or prompt, or the resource's URI or URI template.
	Tool      string
	Handler   Func[T]
	Resolvers []Func[T]
	// Budget is the round budget of the runtime that registers the tool,
	// in questions; 0 means unknown, and chains are not checked.
	Budget int
	// InferInput and InferOutput report whether registration infers the
	// input and output schemas: the tool does not set them itself (and,
	// at compile time, the tool is known). Tools only.
	InferInput, InferOutput bool
}

// A Finding is one reason registration rejects a tool.
type Finding struct {
	Rule Rule
	Kind Kind
	Msg  string
	At   any // the At of the Func the finding is about
}

// ArgKind says where the engine takes a function argument from.
type ArgKind int

// The kinds of arguments.
const (
	ArgContext ArgKind = iota
	ArgRequest
	ArgInput
	ArgValue   // the value of a node: aborts on decline or cancel
	ArgOutcome // resolve.Outcome of a node
)

// An Arg is one argument of a handler or resolver call.
type Arg struct {
	Kind ArgKind
	Node int // ArgValue, ArgOutcome: index into Plan.Nodes
}

// A Node is one resolver of a tool.
type Node[T any] struct {
	Resolver  int // index into Registration.Resolvers
	Provides  T   // the value type: A of Elicit[A] for an eliciting resolver
	Eliciting bool
	Key       string // wire key of its question ("" if not known)
	Args      []Arg
}

// A Plan is the outcome of [Check]: the findings, and, if there are none,
// how the engine runs the tool.
type Plan[T any] struct {
	Findings []Finding
	// HandlerOK reports whether the handler's signature is valid; In and
	// Out are then its input and result types.
	HandlerOK bool
	In, Out   T
	// Resolved reports whether the handler has resolved parameters.
	// For a prompt or resource, whose result type is go-sdk's and can
	// always carry an input-required result, the engine then refuses a
	// result that carries one (rule resolvemix at run time).
	Resolved bool
	// Args are the handler's arguments, context, request and input
	// included.
	Args []Arg
	// Nodes are the resolvers in dependency order: each after the nodes
	// its Args use.
	Nodes []Node[T]
}

// WantHandler and WantResolver are the signatures a tool's handler and a
// resolver must have; WantPromptHandler and WantResourceHandler, those of a
// prompt's and a resource's handler. They are go-sdk's; WantMCPGo* are
// mcp-go's.
const (
	WantHandler         = "func(context.Context, *mcp.CallToolRequest, In, resolved...) (Out, error)"
	WantPromptHandler   = "func(context.Context, *mcp.GetPromptRequest, resolved...) (*mcp.GetPromptResult, error)"
	WantResourceHandler = "func(context.Context, *mcp.ReadResourceRequest, resolved...) (*mcp.ReadResourceResult, error)"
	WantResolver        = "func(params...) (T, error) or func(params...) (resolve.Elicit[T], error)"

	WantMCPGoHandler         = "func(context.Context, mcp.CallToolRequest, In, resolved...) (Out, error)"
	WantMCPGoPromptHandler   = "func(context.Context, mcp.GetPromptRequest, resolved...) (*mcp.GetPromptResult, error)"
	WantMCPGoResourceHandler = "func(context.Context, mcp.ReadResourceRequest, resolved...) ([]mcp.ResourceContents, error)"
)

// spelling is how messages spell one SDK's types, by method.
type spelling struct {
	handler, request, result [3]string
}

var spellings = [...]spelling{
	GoSDK: {
		handler: [3]string{Tool: WantHandler, Prompt: WantPromptHandler, Resource: WantResourceHandler},
		request: [3]string{Tool: "*mcp.CallToolRequest", Prompt: "*mcp.GetPromptRequest", Resource: "*mcp.ReadResourceRequest"},
		result:  [3]string{Prompt: "*mcp.GetPromptResult", Resource: "*mcp.ReadResourceResult"},
	},
	MCPGo: {
		handler: [3]string{Tool: WantMCPGoHandler, Prompt: WantMCPGoPromptHandler, Resource: WantMCPGoResourceHandler},
		request: [3]string{Tool: "mcp.CallToolRequest", Prompt: "mcp.GetPromptRequest", Resource: "mcp.ReadResourceRequest"},
		result:  [3]string{Prompt: "*mcp.GetPromptResult", Resource: "[]mcp.ResourceContents"},
	},
}

// wantHandler is the handler signature of the registration; requestName and
// resultName spell its request and result types in messages.
func (c *checker[T]) wantHandler() string { return spellings[c.reg.SDK].handler[c.reg.Method] }
func (c *checker[T]) requestName() string { return spellings[c.reg.SDK].request[c.reg.Method] }
func (c *checker[T]) resultName() string  { return spellings[c.reg.SDK].result[c.reg.Method] }

// AnswerTypeMessage is the message of rule elicitbase: resolver returns
// resolve.Elicit[answer], and answer has no static form schema, for the
// reason why. The analyzer elicitbase also reports it where such a
// resolver is declared.
func AnswerTypeMessage(resolver, answer, why string) string {
	return fmt.Sprintf("resolver %s returns resolve.Elicit[%s], but %s has no static form schema (%s); "+
		"return resolve.Elicit[resolve.Form] and ask with resolve.AskForm and an explicit schema", resolver, answer, answer, why)
}

// Check checks reg and plans its run.
func Check[T any](ts Types[T], reg *Registration[T]) *Plan[T] {
	c := &checker[T]{ts: ts, reg: reg, plan: new(Plan[T])}
	c.check()
	return c.plan
}

type checker[T any] struct {
	ts   Types[T]
	reg  *Registration[T]
	plan *Plan[T]
	raw  []*Node[T] // in registration order
}

// fail records a finding of kind, under the kind's rule.
func (c *checker[T]) fail(kind Kind, at any, format string, args ...any) {
	c.plan.Findings = append(c.plan.Findings, Finding{Rule: kind.Rule(), Kind: kind, At: at, Msg: fmt.Sprintf(format, args...)})
}

// signature spells a function's signature the same way on both sides.
func (c *checker[T]) signature(f *Func[T]) string {
	var params, results []string
	for i, p := range f.Params {
		s := c.ts.String(p)
		if f.Variadic && i == len(f.Params)-1 {
			s = "..." + strings.TrimPrefix(s, "[]")
		}
		params = append(params, s)
	}
	for _, r := range f.Results {
		results = append(results, c.ts.String(r))
	}
	s := "func(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		s += " " + results[0]
	default:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

// handlerShape says what is wrong with the handler's signature, or "".
func (c *checker[T]) handlerShape(h *Func[T]) string {
	m := c.reg.Method
	switch fixed := c.fixedParams(); {
	case h.Variadic:
		return "it is variadic"
	case len(h.Params) < fixed:
		return fmt.Sprintf("it has %d parameters, fewer than %d", len(h.Params), fixed)
	case !c.ts.IsContext(h.Params[0]):
		return fmt.Sprintf("its first parameter has type %s, not context.Context", c.ts.String(h.Params[0]))
	case !c.ts.IsRequest(m, h.Params[1]):
		return fmt.Sprintf("its second parameter has type %s, not %s", c.ts.String(h.Params[1]), c.requestName())
	case len(h.Results) != 2:
		return fmt.Sprintf("it has %d results, not 2", len(h.Results))
	case m != Tool && !c.ts.IsResult(m, h.Results[0]):
		return fmt.Sprintf("its first result has type %s, not %s", c.ts.String(h.Results[0]), c.resultName())
	case !c.ts.IsError(h.Results[1]):
		return fmt.Sprintf("its second result has type %s, not error", c.ts.String(h.Results[1]))
	}
	return ""
}

// fixedParams is the number of handler parameters before the resolved
// ones: context, request and, for a tool, its input. A prompt's arguments
// and a resource's URI are read from the request.
func (c *checker[T]) fixedParams() int {
	if c.reg.Method == Tool {
		return 3
	}
	return 2
}

// fixedNames names the fixed parameters in messages.
func (c *checker[T]) fixedNames() (last, all string) {
	if c.reg.Method == Tool {
		return "the input", "context, request and input"
	}
	return "the request", "context and request"
}

// isInput reports whether t is the tool's input type; prompts and
// resources have none.
func (c *checker[T]) isInput(t T) bool {
	return c.reg.Method == Tool && c.ts.Identical(t, c.plan.In)
}

// resolverShape says what is wrong with a resolver's signature, or "".
func (c *checker[T]) resolverShape(r *Func[T]) string {
	switch {
	case r.Variadic:
		return "it is variadic"
	case len(r.Results) != 2:
		return fmt.Sprintf("it has %d results, not 2", len(r.Results))
	case !c.ts.IsError(r.Results[1]):
		return fmt.Sprintf("its second result has type %s, not error", c.ts.String(r.Results[1]))
	}
	return ""
}

// signatureOK reports whether f, the handler or a resolver (role), is a
// function of the shape want, and reports under kind why not.
func (c *checker[T]) signatureOK(f *Func[T], role string, kind Kind, want string, shape func(*Func[T]) string) bool {
	switch {
	case f.Nil:
		c.fail(kind, f.At, "%s is nil; pass a function %s", role, want)
	case !f.IsFunc:
		c.fail(kind, f.At, "%s has type %s, not a function type; pass a function %s", role, c.ts.String(f.Type), want)
	default:
		why := shape(f)
		if why == "" {
			return true
		}
		c.fail(kind, f.At, "%s %s has signature %s: %s; want %s", role, f.Name, c.signature(f), why, want)
	}
	return false
}

func (c *checker[T]) check() {
	h := &c.reg.Handler
	if !c.signatureOK(h, "handler", HandlerSignature, c.wantHandler(), c.handlerShape) {
		return
	}
	p := c.plan
	p.HandlerOK = true
	p.Out = h.Results[0]
	p.Args = []Arg{{Kind: ArgContext}, {Kind: ArgRequest}}
	if c.reg.Method == Tool {
		p.In = h.Params[2]
		p.Args = append(p.Args, Arg{Kind: ArgInput})
	}

	c.collectResolvers()
	c.checkWireKeys()
	for i := c.fixedParams(); i < len(h.Params); i++ {
		if a, ok := c.resolvedArg(h.Params[i], "handler "+h.Name, i+1, h.At); ok {
			p.Args = append(p.Args, a)
			p.Resolved = true
		}
	}
	for _, n := range c.raw {
		r := &c.reg.Resolvers[n.Resolver]
		for i, t := range r.Params {
			if a, ok := c.param(t, "resolver "+r.Name, i+1, r.At); ok {
				n.Args = append(n.Args, a)
			}
		}
	}
	// A prompt's or resource's result type is fixed and always can carry
	// an input-required result; the engine refuses one at run time.
	if c.reg.Method == Tool && p.Resolved && c.ts.CanCarryInputRequired(p.Out) {
		c.fail(Declared, h.At, "%s", ResolveMixDeclaredMessage(h.Name, c.ts.String(p.Out)))
	}
	c.sortAndCheckGraph()
	c.checkSchemas()
}

// collectResolvers reads each resolver's result and records what it
// provides.
func (c *checker[T]) collectResolvers() {
	for i := range c.reg.Resolvers {
		r := &c.reg.Resolvers[i]
		if !c.signatureOK(r, "resolver", ResolverSignature, WantResolver, c.resolverShape) {
			continue
		}
		n := &Node[T]{Resolver: i, Provides: r.Results[0]}
		if a, ok := c.ts.ElicitArg(n.Provides); ok {
			n.Eliciting, n.Provides = true, a
			if why := FormProblem(c.ts, a); why != "" {
				c.fail(AnswerType, r.At, "%s", AnswerTypeMessage(r.Name, c.ts.String(a), why))
			}
		}
		if why := c.unprovidable(n.Provides); why != "" {
			c.fail(ReservedType, r.At, "resolver %s provides %s, %s; provide a type of your own", r.Name, c.ts.String(n.Provides), why)
			continue
		}
		if prev := c.provider(n.Provides); prev >= 0 {
			c.fail(DuplicateProvider, r.At, "resolvers %s and %s both provide %s; keep one, or give the other a type of its own",
				c.name(c.raw[prev]), r.Name, c.ts.String(n.Provides))
			continue
		}
		c.raw = append(c.raw, n)
	}
}

func (c *checker[T]) name(n *Node[T]) string { return c.reg.Resolvers[n.Resolver].Name }

// checkWireKeys gives every node its wire key and rejects empty keys and
// keys that two nodes share, explicit or default alike. Keys are never
// renamed, so a collision fails whatever the order of the resolvers.
func (c *checker[T]) checkWireKeys() {
	owner := make(map[string]*Node[T])
	for _, n := range c.raw {
		key, explicit, known := c.ts.WireKey(n.Provides)
		if !known {
			continue
		}
		at := c.reg.Resolvers[n.Resolver].At
		if explicit && key == "" {
			c.fail(InputKey, at, "%s.InputKey returns an empty key; return a key that is unique within the tool", c.ts.String(n.Provides))
			continue
		}
		n.Key = key
		if prev, dup := owner[key]; dup {
			c.fail(InputKey, at, "resolvers %s and %s both ask under the key %q; give one of their types an InputKey method that returns a key of its own",
				c.name(prev), c.name(n), key)
			continue
		}
		owner[key] = n
	}
}

// unprovidable says why a resolver may not provide t, or returns "".
func (c *checker[T]) unprovidable(t T) string {
	switch {
	case c.ts.IsContext(t), c.ts.IsRequest(c.reg.Method, t), c.isInput(t):
		return "which the engine supplies itself"
	case c.ts.IsError(t):
		return "which is reserved for errors"
	}
	if _, ok := c.ts.ElicitArg(t); ok {
		return "which is not a value type"
	}
	if _, ok := c.ts.OutcomeArg(t); ok {
		return "which is not a value type"
	}
	return ""
}

func (c *checker[T]) provider(t T) int {
	for i, n := range c.raw {
		if c.ts.Identical(n.Provides, t) {
			return i
		}
	}
	return -1
}

// pointerHint returns, for a type no resolver provides, what to take
// instead when a resolver provides the pointer to it or the type it points
// to (a handler taking *Confirm where the resolver provides Confirm, the
// usual cause of a missing provider and an unused resolver at once); or "".
// The two sides spell types the same way, so the spelling compares them.
func (c *checker[T]) pointerHint(want T) string {
	w := c.ts.String(want)
	for _, n := range c.raw {
		p := c.ts.String(n.Provides)
		if p == "*"+w || "*"+p == w {
			return fmt.Sprintf(" (resolver %s provides %s: take %s, not %s)", c.reg.Resolvers[n.Resolver].Name, p, p, w)
		}
	}
	return ""
}

// param classifies a resolver parameter; pos counts from 1.
func (c *checker[T]) param(t T, where string, pos int, at any) (Arg, bool) {
	switch {
	case c.ts.IsContext(t):
		return Arg{Kind: ArgContext}, true
	case c.ts.IsRequest(c.reg.Method, t):
		return Arg{Kind: ArgRequest}, true
	case c.isInput(t):
		return Arg{Kind: ArgInput}, true
	}
	return c.resolvedArg(t, where, pos, at)
}

// resolvedArg classifies a parameter that a resolver must provide.
func (c *checker[T]) resolvedArg(t T, where string, pos int, at any) (Arg, bool) {
	kind, want := ArgValue, t
	if _, ok := c.ts.ElicitArg(t); ok {
		c.fail(ParameterKind, at, "%s has parameter %d of type %s, which is a resolver result, not a value; take the value type itself, or resolve.Outcome of it",
			where, pos, c.ts.String(t))
		return Arg{}, false
	} else if v, ok := c.ts.OutcomeArg(t); ok {
		kind, want = ArgOutcome, v
	} else if c.ts.IsContext(t) || c.ts.IsRequest(c.reg.Method, t) || c.isInput(t) {
		last, all := c.fixedNames()
		c.fail(ParameterKind, at, "%s has parameter %d of type %s after %s; move it before %s, where only %s go",
			where, pos, c.ts.String(t), last, last, all)
		return Arg{}, false
	}
	i := c.provider(want)
	if i < 0 {
		c.fail(MissingProvider, at, "%s has parameter %d of type %s, and no resolver provides %s; pass a resolver that returns it%s",
			where, pos, c.ts.String(t), c.ts.String(want), c.pointerHint(want))
		return Arg{}, false
	}
	return Arg{Kind: kind, Node: i}, true
}

// sortAndCheckGraph orders the nodes so that each comes after the nodes it
// uses, and reports cycles, unused resolvers and chains of questions
// longer than the round budget.
func (c *checker[T]) sortAndCheckGraph() {
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
				names = append(names, c.name(c.raw[j]))
			}
			names = append(names, c.name(c.raw[i]))
			c.fail(Cycle, c.reg.Resolvers[c.raw[i].Resolver].At,
				"resolvers form a cycle: %s; break it so that no resolver needs, directly or not, its own value", strings.Join(names, " -> "))
			return false
		}
		state[i] = visiting
		stack = append(stack, i)
		ok := true
		for _, a := range c.raw[i].Args {
			if a.Kind == ArgValue || a.Kind == ArgOutcome {
				if !visit(a.Node) {
					ok = false
					break
				}
				depth[i] = max(depth[i], depth[a.Node])
			}
		}
		stack = stack[:len(stack)-1]
		if !ok {
			return false
		}
		if c.raw[i].Eliciting {
			depth[i]++
		}
		state[i] = done
		order = append(order, i)
		return true
	}
	deepest := -1
	for _, a := range c.plan.Args {
		if a.Kind == ArgValue || a.Kind == ArgOutcome {
			if !visit(a.Node) {
				return
			}
			if deepest < 0 || depth[a.Node] > depth[deepest] {
				deepest = a.Node
			}
		}
	}
	if b := c.reg.Budget; b > 0 && deepest >= 0 && depth[deepest] > b {
		r := &c.reg.Resolvers[c.raw[deepest].Resolver]
		c.fail(RoundBudget, r.At,
			"resolver %s ends a chain of %d dependent questions, more than the round budget of %d that clients answer: the call can never finish; "+
				"make some questions independent, so that they are asked in one round, or ask for several answers in one form",
			r.Name, depth[deepest], b)
	}
	for i, n := range c.raw {
		if state[i] == unvisited {
			r := &c.reg.Resolvers[n.Resolver]
			c.fail(UnusedResolver, r.At, "resolver %s provides %s, which neither the handler nor another resolver uses; remove it, or take %s as a parameter",
				r.Name, c.ts.String(n.Provides), c.ts.String(n.Provides))
		}
	}
	if len(c.plan.Findings) > 0 {
		return
	}
	// Renumber the graph in dependency order.
	newIndex := make([]int, len(c.raw))
	for pos, i := range order {
		newIndex[i] = pos
	}
	renumber := func(args []Arg) {
		for k := range args {
			if args[k].Kind == ArgValue || args[k].Kind == ArgOutcome {
				args[k].Node = newIndex[args[k].Node]
			}
		}
	}
	for _, i := range order {
		n := c.raw[i]
		renumber(n.Args)
		c.plan.Nodes = append(c.plan.Nodes, *n)
	}
	renumber(c.plan.Args)
}

// checkSchemas reports input and output types from which registration
// cannot infer the tool's schemas.
func (c *checker[T]) checkSchemas() {
	if c.reg.Method != Tool {
		return // a prompt or resource has no schemas
	}
	h := &c.reg.Handler
	if c.reg.InferInput {
		if why := c.ts.InputSchemaProblem(c.plan.In); why != "" {
			c.fail(InputSchema, h.At, "handler %s has input type %s, which %s; use a struct, or set the tool's InputSchema",
				h.Name, c.ts.String(c.plan.In), why)
			return
		}
	}
	if c.reg.InferOutput {
		if why := c.ts.OutputSchemaProblem(c.plan.Out); why != "" {
			c.fail(OutputSchema, h.At, "handler %s has result type %s, which %s; use another type, or set the tool's OutputSchema",
				h.Name, c.ts.String(c.plan.Out), why)
		}
	}
}
