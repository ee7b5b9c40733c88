package gotypes

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/internal/rules"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A Registration is a call that registers resolvers: of a tool
// (resolve.AddTool, resolve.MustAddTool, (*resolve.Runtime).AddTool), a
// prompt (AddPrompt) or a resource (AddResource, AddResourceTemplate), as
// functions of package resolve or methods of *resolve.Runtime, called
// directly or as a method expression, through either of the runtime's
// bindings: go-sdk's (runtime/resolve) or mcp-go's
// (runtime/mcpgo/resolve), which have the same functions.
type Registration struct {
	Call *ast.CallExpr
	// Func names the function called: "resolve.AddTool",
	// "(*resolve.Runtime).AddPrompt", ...
	Func string
	// Method is the MCP method the registration serves.
	Method rules.Method
	// SDK is the SDK of the binding called.
	SDK rules.SDK
	// Runtime is the receiver of a *resolve.Runtime method, else nil.
	Runtime ast.Expr
	// Tool is the *mcp.Tool, *mcp.Prompt, *mcp.Resource or
	// *mcp.ResourceTemplate argument.
	Tool    ast.Expr
	Handler ast.Expr
	// Resolvers are the resolver arguments, when they are known: listed
	// one by one, or spread from a composite literal ([]any{f, g}...)
	// written in the call or assigned once to a local variable.
	Resolvers []ast.Expr
	// ResolversKnown is false when the resolvers are spread from a slice
	// whose elements are not written in the call.
	ResolversKnown bool
}

// registrationFuncs are the registration functions of package resolve, and
// of *resolve.Runtime (all but the Must functions), with their methods, in
// both bindings (the mcp-go binding has a Must function for each method).
var registrationFuncs = map[string]rules.Method{
	"AddTool":                 rules.Tool,
	"MustAddTool":             rules.Tool,
	"AddPrompt":               rules.Prompt,
	"MustAddPrompt":           rules.Prompt,
	"AddResource":             rules.Resource,
	"MustAddResource":         rules.Resource,
	"AddResourceTemplate":     rules.Resource,
	"MustAddResourceTemplate": rules.Resource,
}

// registrationFunc returns the name, method and SDK of the registration
// function call calls.
func registrationFunc(info *types.Info, call *ast.CallExpr) (string, rules.Method, rules.SDK, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return "", 0, 0, false
	}
	sdk, ok := knowledge.Binding(fn.Pkg())
	if !ok {
		return "", 0, 0, false
	}
	fn = fn.Origin()
	m, ok := registrationFuncs[fn.Name()]
	if !ok {
		return "", 0, 0, false
	}
	recv := fn.Signature().Recv()
	switch {
	case recv == nil:
		return "resolve." + fn.Name(), m, sdk, true
	case !strings.HasPrefix(fn.Name(), "Must"):
		if p := knowledge.Pointee(recv.Type()); p != nil && knowledge.IsNamed(p, knowledge.BindingPath(sdk), "Runtime") {
			return "(*resolve.Runtime)." + fn.Name(), m, sdk, true
		}
	}
	return "", 0, 0, false
}

// ParseRegistration returns the parts of the call at cur if it registers
// resolvers. Resolvers spread from a slice are known when the slice is a
// composite literal written in the call, or a local variable of the
// enclosing function assigned once from one and used only as the spread
// argument of registrations (so that nothing else can change it).
func ParseRegistration(info *types.Info, cur inspector.Cursor) (*Registration, bool) {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	name, method, sdk, ok := registrationFunc(info, call)
	if !ok {
		return nil, false
	}
	r := &Registration{Call: call, Func: name, Method: method, SDK: sdk, ResolversKnown: true}
	args := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil {
			switch s.Kind() {
			case types.MethodVal:
				r.Runtime = sel.X
			case types.MethodExpr:
				if len(args) == 0 {
					return nil, false
				}
				r.Runtime, args = args[0], args[1:]
			}
		}
	}
	if len(args) < 3 {
		return nil, false
	}
	r.Tool, r.Handler = args[1], args[2]
	rest := args[3:]
	if call.Ellipsis.IsValid() && len(rest) > 0 {
		elts, ok := spreadElems(info, cur, rest[len(rest)-1])
		if !ok {
			r.ResolversKnown = false
			return r, true
		}
		r.Resolvers = append(append([]ast.Expr(nil), rest[:len(rest)-1]...), elts...)
		return r, true
	}
	r.Resolvers = rest
	return r, true
}

// spreadElems returns the elements of the slice that e, the spread argument
// of the registration at cur, denotes: a composite literal without keys,
// written there or assigned once to a local variable that is used only as
// the spread argument of registrations.
func spreadElems(info *types.Info, cur inspector.Cursor, e ast.Expr) ([]ast.Expr, bool) {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return nil, false
		}
		var fn inspector.Cursor
		for fn = range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			break
		}
		if fn.Node() == nil || v.Pos() < fn.Node().Pos() || v.Pos() >= fn.Node().End() {
			return nil, false // not a local variable of this function
		}
		if e = singleValue(info, fn, v); e == nil {
			return nil, false
		}
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); keyed {
			return nil, false
		}
	}
	return lit.Elts, true
}

// singleValue returns the one value the local variable v of the function at
// fn is given, if it is given one at its declaration, is never assigned
// again, and is used only as the spread argument of registrations; else
// nil.
func singleValue(info *types.Info, fn inspector.Cursor, v *types.Var) ast.Expr {
	var value ast.Expr
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if info.Defs[id] == v {
			switch p := c.Parent().Node().(type) {
			case *ast.AssignStmt:
				if p.Tok == token.DEFINE && len(p.Lhs) == len(p.Rhs) {
					value = ast.Unparen(p.Rhs[c.ParentEdgeIndex()])
				}
			case *ast.ValueSpec:
				if len(p.Names) == len(p.Values) {
					value = ast.Unparen(p.Values[c.ParentEdgeIndex()])
				}
			}
			if value == nil {
				return nil
			}
			continue
		}
		if info.Uses[id] != v {
			continue
		}
		call, ok := c.Parent().Node().(*ast.CallExpr)
		if !ok || c.ParentEdgeKind() != edge.CallExpr_Args || !call.Ellipsis.IsValid() ||
			c.ParentEdgeIndex() != len(call.Args)-1 {
			return nil
		}
		if _, _, _, ok := registrationFunc(info, call); !ok {
			return nil
		}
	}
	return value
}

// A ToolLiteral is what is known statically of the *mcp.Tool (or
// *mcp.Prompt, *mcp.Resource, *mcp.ResourceTemplate) argument of a
// registration, or of the mcp.Tool (mcp.Prompt, ...) value of an mcp-go
// registration.
type ToolLiteral struct {
	// Name is the tool's or prompt's name, or the resource's URI or URI
	// template, when it is a constant, else "".
	Name string
	// Literal reports whether the argument is written as &mcp.Tool{...}
	// (or the method's type) in the call, so that which schemas it sets is
	// known; for mcp-go, as mcp.Tool{...} or mcp.NewTool(...) with options
	// that [knowledge.MCPGoToolOption] knows.
	Literal bool
	// InputSchema and OutputSchema report whether the literal sets them to
	// something other than nil.
	InputSchema, OutputSchema bool
}

// nameFields are the go-sdk types a registration names its target with,
// and the field that holds the name.
var nameFields = map[string]string{"Tool": "Name", "Prompt": "Name", "Resource": "URI", "ResourceTemplate": "URITemplate"}

// ParseTool reads the *mcp.Tool, *mcp.Prompt, *mcp.Resource or
// *mcp.ResourceTemplate argument of a registration through sdk's binding.
func ParseTool(info *types.Info, sdk rules.SDK, e ast.Expr) ToolLiteral {
	if sdk == rules.MCPGo {
		return parseMCPGoTool(info, e)
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok {
		return ToolLiteral{}
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok {
		return ToolLiteral{}
	}
	return parseTargetLiteral(info, lit, knowledge.GoSDKPath, func(t *ToolLiteral, field string, value ast.Expr) {
		switch field {
		case "InputSchema":
			t.InputSchema = !info.Types[value].IsNil()
		case "OutputSchema":
			t.OutputSchema = !info.Types[value].IsNil()
		}
	})
}

// parseMCPGoTool reads the mcp.Tool, mcp.Prompt, mcp.Resource or
// mcp.ResourceTemplate argument of an mcp-go registration: a call of its
// constructor (mcp.NewTool("name", options...)) or a composite literal.
// The binding infers a tool's input schema unless the tool has a
// RawInputSchema or input properties, and its output schema unless it has
// one.
func parseMCPGoTool(info *types.Info, e ast.Expr) ToolLiteral {
	var t ToolLiteral
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, x).(*types.Func)
		if _, ok := knowledge.MCPGoTarget(fn); !ok || len(x.Args) == 0 {
			return t
		}
		t.Name = constString(info, x.Args[0])
		switch fn.Name() {
		case "NewToolWithRawSchema":
			t.Literal = len(x.Args) == 3
			t.InputSchema = t.Literal && !info.Types[x.Args[2]].IsNil()
		case "NewTool":
			t.Literal = !x.Ellipsis.IsValid()
			for _, opt := range x.Args[1:] {
				call, ok := ast.Unparen(opt).(*ast.CallExpr)
				if !ok {
					t.Literal = false
					continue
				}
				optFn, _ := typeutil.Callee(info, call).(*types.Func)
				switch knowledge.MCPGoToolOption(optFn) {
				case knowledge.SchemaUnknown:
					t.Literal = false
				case knowledge.SchemaInput:
					t.InputSchema = true
				case knowledge.SchemaOutput:
					t.OutputSchema = true
				}
			}
		}
	case *ast.CompositeLit:
		return parseTargetLiteral(info, x, knowledge.MCPGoPath, func(t *ToolLiteral, field string, value ast.Expr) {
			switch field {
			case "RawInputSchema":
				t.InputSchema = t.InputSchema || !info.Types[value].IsNil()
			case "RawOutputSchema":
				t.OutputSchema = t.OutputSchema || !info.Types[value].IsNil()
			case "InputSchema", "OutputSchema":
				// Whether it has properties or a type is not read here.
				t.Literal = false
			}
		})
	}
	return t
}

// parseTargetLiteral reads a composite literal of one of the target types
// of the SDK package sdkPath (nameFields): the constant name it gives the
// target, and, through schemaField, what each of its other keyed fields
// says of the schemas (the one part in which the SDKs differ). A
// positional field leaves the schemas unknown.
func parseTargetLiteral(info *types.Info, lit *ast.CompositeLit, sdkPath string, schemaField func(t *ToolLiteral, field string, value ast.Expr)) ToolLiteral {
	var t ToolLiteral
	nameField := ""
	for typeName, field := range nameFields {
		if knowledge.IsNamed(info.TypeOf(lit), sdkPath, typeName) {
			nameField = field
		}
	}
	if nameField == "" {
		return t
	}
	t.Literal = true
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			t.Literal = false
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if key.Name == nameField {
			t.Name = constString(info, kv.Value)
		} else {
			schemaField(&t, key.Name, kv.Value)
		}
	}
	return t
}

// constString returns the value of e if it is a string constant, and ""
// otherwise.
func constString(info *types.Info, e ast.Expr) string {
	if tv := info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// IsResolveNew reports whether call is resolve.New(opts) of either
// binding.
func IsResolveNew(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return knowledge.IsBindingFunc(fn, "New")
}

// IsResolveOptions reports whether t is resolve.Options of either binding.
func IsResolveOptions(t types.Type) bool {
	return knowledge.IsNamed(t, knowledge.ResolvePath, "Options") || knowledge.IsNamed(t, knowledge.MCPGoResolvePath, "Options")
}

// AskArg returns T if call is resolve.Ask[T](...) of either binding, and
// the binding's SDK.
func AskArg(info *types.Info, call *ast.CallExpr) (types.Type, rules.SDK, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if !knowledge.IsBindingFunc(fn, "Ask") {
		return nil, 0, false
	}
	sdk, _ := knowledge.Binding(fn.Pkg())
	// Callee returns the generic function; the call's type is the
	// instantiated Elicit[T].
	arg, ok := knowledge.ElicitArg(info.TypeOf(call))
	return arg, sdk, ok
}

// SDKHandler returns the handler argument of call if it registers a tool
// handler with an SDK directly: go-sdk's mcp.AddTool(s, t, h) or
// (*mcp.Server).AddTool(t, h), or mcp-go's (*server.MCPServer).AddTool(tool,
// handler). Such a handler drives its own calls, whatever code registers it.
func SDKHandler(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Name() != "AddTool" || len(call.Args) == 0 {
		return nil, false
	}
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	switch fn.Pkg().Path() {
	case knowledge.GoSDKPath:
		if recv == nil && len(call.Args) == 3 || recv != nil && knowledge.IsNamed(knowledge.Pointee(recv.Type()), knowledge.GoSDKPath, "Server") && len(call.Args) == 2 {
			return call.Args[len(call.Args)-1], true
		}
	case knowledge.MCPGoServerPath:
		if recv != nil && knowledge.IsNamed(knowledge.Pointee(recv.Type()), knowledge.MCPGoServerPath, "MCPServer") && len(call.Args) == 2 {
			return call.Args[1], true
		}
	}
	return nil, false
}
