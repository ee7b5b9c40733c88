package rules

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
