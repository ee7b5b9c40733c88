// Package knowledge is the one place in mcplint's analyzers that knows the
// import paths and names of the APIs they look at: the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk v1.8.0), mcp-go
// (github.com/mark3labs/mcp-go v1.2.1), mcplint's own runtime and the
// standard-library and third-party functions that matter to a rule
// (sources of unstable values, verifiers, sorters, formatting). It holds
// tables and predicates over go/types objects only, no syntax: no analyzer
// spells an import path or an API name itself, and a new API is a new row
// here.
//
// The files: api.go (paths, request and result types, the runtime's
// generic types), requests.go (server-to-client requests, protocol
// versions), state.go (request state and its verifiers), unstable.go
// (values that change between rounds, questions, sorters),
// inputrequired.go (what builds an input-required result).
//
// Every type is compared by package path and object name, after
// [types.Unalias], so that aliases, instantiations of generic types and the
// different copies of a package seen by different passes all agree.
//
// The predicates mirror, one for one, the checks that the runtime makes
// with reflection at registration (runtime/internal/engine: compile.go,
// types.go, schema.go; each binding's sdk.go): the analyzers
// must report at compile time exactly what registration rejects.
package knowledge

import (
	"go/types"
	"strings"

	"github.com/mcplint/mcplint/internal/rules"
)

// Import paths of the APIs.
const (
	GoSDKPath       = "github.com/modelcontextprotocol/go-sdk/mcp"
	MCPGoPath       = "github.com/mark3labs/mcp-go/mcp"
	MCPGoServerPath = "github.com/mark3labs/mcp-go/server"
	ResolvePath     = "github.com/mcplint/mcplint/runtime/resolve"
	// MCPGoResolvePath is the runtime's mcp-go binding: the same
	// functions and types as ResolvePath (AddTool, Elicit, Ask, ...),
	// spelled in mcp-go's types.
	MCPGoResolvePath = "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	SealPath         = "github.com/mcplint/mcplint/runtime/seal"
	// SealCorePath is where seal.Codec is declared: seal.Codec is an
	// alias of sealcore.Codec, which both bindings share.
	SealCorePath = "github.com/mcplint/mcplint/runtime/internal/sealcore"
	// VocabPath is where the resolver vocabulary is declared: both
	// bindings' Elicit, Outcome, Form and Action are aliases of its types,
	// so that a type is the same whichever binding names it.
	VocabPath = "github.com/mcplint/mcplint/runtime/internal/resolve"
)

// apiPaths are the packages whose importers the analyzers look at.
var apiPaths = [...]string{GoSDKPath, MCPGoPath, MCPGoServerPath, ResolvePath, MCPGoResolvePath, SealPath}

// bindingPaths are the runtime's bindings, one per SDK: each is a package
// named resolve with the same functions and types.
var bindingPaths = [...]string{rules.GoSDK: ResolvePath, rules.MCPGo: MCPGoResolvePath}

// BindingPath is the import path of the runtime's binding for sdk.
func BindingPath(sdk rules.SDK) string { return bindingPaths[sdk] }

// Binding returns the SDK whose runtime binding pkg is.
func Binding(pkg *types.Package) (rules.SDK, bool) {
	if pkg == nil {
		return 0, false
	}
	for sdk, p := range bindingPaths {
		if pkg.Path() == p {
			return rules.SDK(sdk), true
		}
	}
	return 0, false
}

// ImportedBinding returns the SDK of the runtime binding that pkg
// imports, for a resolver declared there: mcp-go's if pkg imports that
// binding and not go-sdk's, otherwise go-sdk's. Both bindings alias one
// Elicit, so a declared resolver's type does not say which binding it is
// written for.
func ImportedBinding(pkg *types.Package) rules.SDK {
	mcpGo := false
	for _, imp := range pkg.Imports() {
		switch imp.Path() {
		case ResolvePath:
			return rules.GoSDK
		case MCPGoResolvePath:
			mcpGo = true
		}
	}
	if mcpGo {
		return rules.MCPGo
	}
	return rules.GoSDK
}

// IsBindingFunc reports whether fn is the package-level function name of
// one of the runtime's bindings (resolve.Ask of either SDK).
func IsBindingFunc(fn *types.Func, name string) bool {
	if fn == nil || fn.Signature().Recv() != nil || fn.Origin().Name() != name {
		return false
	}
	_, ok := Binding(fn.Pkg())
	return ok
}

// sdkPath is the import path of the mcp package of sdk.
func sdkPath(sdk rules.SDK) string {
	if sdk == rules.MCPGo {
		return MCPGoPath
	}
	return GoSDKPath
}

// apiPackages are the import path prefixes of the API packages themselves:
// the SDKs' API packages with their internals, and the runtime. The other
// packages of the SDK modules (examples, conformance servers, commands) are
// user code like any other.
var apiPackages = [...]string{
	"github.com/modelcontextprotocol/go-sdk/mcp/",
	"github.com/modelcontextprotocol/go-sdk/jsonrpc/",
	"github.com/modelcontextprotocol/go-sdk/auth/",
	"github.com/modelcontextprotocol/go-sdk/oauthex/",
	"github.com/modelcontextprotocol/go-sdk/internal/",
	"github.com/mark3labs/mcp-go/mcp/",
	"github.com/mark3labs/mcp-go/server/",
	"github.com/mark3labs/mcp-go/client/",
	"github.com/mark3labs/mcp-go/util/",
	"github.com/mcplint/mcplint/runtime/",
}

// IsAPIPath reports whether path is the import path of one of the APIs.
func IsAPIPath(path string) bool {
	for _, p := range apiPaths {
		if path == p {
			return true
		}
	}
	return false
}

// InAPIModule reports whether path is one of the API packages (or a
// package below one: its internals), which the analyzers leave alone: what
// they construct is vocabulary, not user code. The SDK modules' examples,
// conformance servers and commands are not API packages.
func InAPIModule(path string) bool {
	for _, m := range apiPackages {
		if strings.HasPrefix(path+"/", m) {
			return true
		}
	}
	return false
}

// named returns the origin of the named type t denotes, seeing through
// aliases, or nil.
func named(t types.Type) *types.Named {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n
	}
	return nil
}

// IsNamed reports whether t (through aliases) is the named type path.name,
// or an instantiation of it.
func IsNamed(t types.Type, path, name string) bool {
	n := named(t)
	if n == nil {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

// Pointee returns the element type of t if t is a pointer, or nil.
func Pointee(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return nil
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context") }

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsCallToolRequest reports whether t is go-sdk's *mcp.CallToolRequest,
// which is an alias of *mcp.ServerRequest[*mcp.CallToolParamsRaw].
func IsCallToolRequest(t types.Type) bool { return isServerRequest(t, "CallToolParamsRaw") }

// IsGetPromptRequest and IsReadResourceRequest report whether t is go-sdk's
// *mcp.GetPromptRequest or *mcp.ReadResourceRequest, aliases of
// *mcp.ServerRequest of *mcp.GetPromptParams and *mcp.ReadResourceParams.
func IsGetPromptRequest(t types.Type) bool    { return isServerRequest(t, "GetPromptParams") }
func IsReadResourceRequest(t types.Type) bool { return isServerRequest(t, "ReadResourceParams") }

// IsGetPromptResult and IsReadResourceResult report whether t is
// *mcp.GetPromptResult or *mcp.ReadResourceResult.
func IsGetPromptResult(t types.Type) bool    { return pointsToSDK(t, "GetPromptResult") }
func IsReadResourceResult(t types.Type) bool { return pointsToSDK(t, "ReadResourceResult") }

// pointsToSDK reports whether t is a pointer to go-sdk's mcp.name.
func pointsToSDK(t types.Type, name string) bool { return pointsTo(t, GoSDKPath, name) }

// pointsTo reports whether t is a pointer to path.name.
func pointsTo(t types.Type, path, name string) bool {
	e := Pointee(t)
	return e != nil && IsNamed(e, path, name)
}

// isServerRequest reports whether t is *mcp.ServerRequest[*params].
func isServerRequest(t types.Type, params string) bool {
	e := Pointee(t)
	if e == nil || !IsNamed(e, GoSDKPath, "ServerRequest") {
		return false
	}
	args := named(e).TypeArgs()
	if args.Len() != 1 {
		return false
	}
	p := Pointee(args.At(0))
	return p != nil && IsNamed(p, GoSDKPath, params)
}

// mcpGoMethodTypes are the request type of each method of mcp-go's
// handlers (server.ToolHandlerFunc, PromptHandlerFunc,
// ResourceHandlerFunc), all values of package mcp.
var mcpGoMethodTypes = [...]string{rules.Tool: "CallToolRequest", rules.Prompt: "GetPromptRequest", rules.Resource: "ReadResourceRequest"}

// IsRequest reports whether t is the request type of sdk's handlers of
// method m: go-sdk's *mcp.CallToolRequest, *mcp.GetPromptRequest and
// *mcp.ReadResourceRequest; mcp-go's mcp.CallToolRequest,
// mcp.GetPromptRequest and mcp.ReadResourceRequest.
func IsRequest(sdk rules.SDK, m rules.Method, t types.Type) bool {
	if sdk == rules.MCPGo {
		return IsNamed(t, MCPGoPath, mcpGoMethodTypes[m])
	}
	switch m {
	case rules.Prompt:
		return IsGetPromptRequest(t)
	case rules.Resource:
		return IsReadResourceRequest(t)
	}
	return IsCallToolRequest(t)
}

// IsAnyRequest reports whether t is the request type of a tool, prompt or
// resource handler of either SDK ([IsRequest] of any of them).
func IsAnyRequest(t types.Type) bool {
	for _, sdk := range []rules.SDK{rules.GoSDK, rules.MCPGo} {
		for _, m := range []rules.Method{rules.Tool, rules.Prompt, rules.Resource} {
			if IsRequest(sdk, m, t) {
				return true
			}
		}
	}
	return false
}

// IsHandlerResult reports whether t is the result type of sdk's prompt or
// resource handlers: go-sdk's *mcp.GetPromptResult and
// *mcp.ReadResourceResult; mcp-go's *mcp.GetPromptResult and
// []mcp.ResourceContents. A tool's handler chooses its own.
func IsHandlerResult(sdk rules.SDK, m rules.Method, t types.Type) bool {
	switch {
	case m == rules.Prompt:
		return pointsTo(t, sdkPath(sdk), "GetPromptResult")
	case m != rules.Resource:
		return false
	case sdk == rules.MCPGo:
		s, ok := types.Unalias(t).(*types.Slice)
		return ok && IsNamed(s.Elem(), MCPGoPath, "ResourceContents")
	}
	return IsReadResourceResult(t)
}

// CanCarryInputRequiredIn reports whether a value of type t can be an
// input-required result of sdk: [CanCarryInputRequired] for go-sdk; for
// mcp-go, a type that is, points to or embeds (at any depth)
// mcp.MultiRoundTripResult, which mcp-go's CallToolResult,
// GetPromptResult, ReadResourceResult and InputRequiredResult all embed.
// It mirrors canCarryInputRequired in runtime/mcpgo/resolve/sdk.go.
func CanCarryInputRequiredIn(sdk rules.SDK, t types.Type) bool {
	if sdk != rules.MCPGo {
		return CanCarryInputRequired(t)
	}
	return carriesThrough(t, func(t types.Type, _ *types.Struct) bool {
		return IsNamed(t, MCPGoPath, "MultiRoundTripResult")
	})
}

// IsForm reports whether t is resolve.Form (of either binding: both alias
// the vocabulary's), the answer type of a question with an explicit schema.
func IsForm(t types.Type) bool { return IsNamed(t, VocabPath, "Form") }

// IsSamplingResult reports whether t is the answer type of sdk's
// resolve.AskSampling: go-sdk's *mcp.CreateMessageWithToolsResult, mcp-go's
// *mcp.CreateMessageResult.
func IsSamplingResult(sdk rules.SDK, t types.Type) bool {
	if sdk == rules.MCPGo {
		return pointsTo(t, MCPGoPath, "CreateMessageResult")
	}
	return pointsToSDK(t, "CreateMessageWithToolsResult")
}

// IsRootsResult reports whether t is *mcp.ListRootsResult of sdk, the
// answer type of its resolve.AskRoots.
func IsRootsResult(sdk rules.SDK, t types.Type) bool {
	return pointsTo(t, sdkPath(sdk), "ListRootsResult")
}

// ElicitArg returns T if a value of type t is a resolve.Elicit[T] (of
// either binding: both alias the vocabulary's): an instantiation of Elicit,
// a pointer to one, or a type that embeds one. It mirrors the runtime's
// test t.Implements(elicitation), which looks for Elicit's unexported
// methods in the method set of t.
func ElicitArg(t types.Type) (types.Type, bool) { return vocabMethodArg(t, "answerType") }

// OutcomeArg returns T if a value of type t is a resolve.Outcome[T], in
// the same sense as [ElicitArg] (the runtime tests t.Implements(outcome)).
func OutcomeArg(t types.Type) (types.Type, bool) { return vocabMethodArg(t, "valueType") }

// vocabMethodArg finds the vocabulary's unexported method name in the
// method set of t and returns the type argument of its receiver.
func vocabMethodArg(t types.Type, name string) (types.Type, bool) {
	if t == nil {
		return nil, false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return nil, false // no interface can name the vocabulary's unexported methods
	}
	if !embedsVocab(t, 0) {
		return nil, false // its method set has no method of the vocabulary: not worth building
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != VocabPath {
			continue
		}
		recv := fn.Signature().Recv()
		if recv == nil {
			return nil, false
		}
		rt := recv.Type()
		if e := Pointee(rt); e != nil {
			rt = e
		}
		n := named(rt)
		if n == nil || n.TypeArgs().Len() != 1 {
			return nil, false
		}
		return n.TypeArgs().At(0), true
	}
	return nil, false
}

// embedsVocab reports whether t, a pointer to it, or a type it embeds
// (struct fields, embedded interfaces, at any depth) is a named type of
// the vocabulary: the only types whose method set can hold its unexported
// methods, since a method belongs to its receiver's package. It is the
// cheap test before a method set: go vet's analyzers ask it of every
// parameter and result of every function of a package.
func embedsVocab(t types.Type, depth int) bool {
	if depth > 8 {
		return true // let the method set decide
	}
	if e := Pointee(t); e != nil {
		t = e
	}
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok {
		if pkg := n.Obj().Pkg(); pkg != nil && pkg.Path() == VocabPath {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i); f.Embedded() && embedsVocab(f.Type(), depth+1) {
				return true
			}
		}
	case *types.Interface:
		for i := 0; i < u.NumEmbeddeds(); i++ {
			if embedsVocab(u.EmbeddedType(i), depth+1) {
				return true
			}
		}
	}
	return false
}

// CanCarryInputRequired reports whether a value of type t can be an
// input-required result of go-sdk. It mirrors canCarryInputRequired in
// runtime/resolve/sdk.go: mcp.CallToolResult itself, a type defined
// from it (any struct type convertible to it), a pointer to one (at any
// depth), or a struct that embeds one. Aliases and instantiations of
// generic types are seen through.
func CanCarryInputRequired(t types.Type) bool {
	return carriesThrough(t, func(_ types.Type, s *types.Struct) bool { return convertibleToCallToolResult(s) })
}

// carriesThrough reports whether t is a struct type that isResult accepts,
// a pointer to one (at any depth), or a struct that embeds one, seeing
// through aliases; a type met again on the way carries nothing.
func carriesThrough(t types.Type, isResult func(t types.Type, s *types.Struct) bool) bool {
	var seen []types.Type
	var carries func(t types.Type) bool
	carries = func(t types.Type) bool {
		t = types.Unalias(t)
		for _, s := range seen {
			if types.Identical(s, t) {
				return false
			}
		}
		seen = append(seen, t)
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return carries(u.Elem())
		case *types.Struct:
			if isResult(t, u) {
				return true
			}
			for i := 0; i < u.NumFields(); i++ {
				if f := u.Field(i); f.Embedded() && carries(f.Type()) {
					return true
				}
			}
		}
		return false
	}
	return carries(t)
}

// convertibleToCallToolResult reports whether a struct type is convertible
// to go-sdk's mcp.CallToolResult: whether its fields, tags aside, are
// those of CallToolResult. CallToolResult has an unexported field, so such
// a struct has a field of package mcp, through which that package's
// CallToolResult is found.
func convertibleToCallToolResult(s *types.Struct) bool {
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		if f.Pkg() == nil || f.Pkg().Path() != GoSDKPath {
			continue
		}
		obj, ok := f.Pkg().Scope().Lookup("CallToolResult").(*types.TypeName)
		return ok && types.ConvertibleTo(s, obj.Type())
	}
	return false
}

// A SchemaEffect is what an option of mcp-go's mcp.NewTool does to the
// schemas that the mcp-go binding would otherwise infer: the binding
// infers the input schema unless the tool has a RawInputSchema or input
// properties, and the output schema unless the tool has one.
type SchemaEffect int

// The effects of a tool option.
const (
	SchemaUnknown SchemaEffect = iota // not an option this table knows
	SchemaNone                        // sets neither schema
	SchemaInput                       // sets the input schema or adds a property
	SchemaOutput                      // sets the output schema
)

// mcpGoToolOptions are the options of mcp.NewTool, by what they do to the
// schemas.
var mcpGoToolOptions = map[string]SchemaEffect{
	"WithDescription": SchemaNone, "WithToolTitle": SchemaNone, "WithDeferLoading": SchemaNone,
	"WithToolIcons": SchemaNone, "WithTaskSupport": SchemaNone, "WithToolAnnotation": SchemaNone,
	"WithTitleAnnotation": SchemaNone, "WithReadOnlyHintAnnotation": SchemaNone,
	"WithDestructiveHintAnnotation": SchemaNone, "WithIdempotentHintAnnotation": SchemaNone,
	"WithOpenWorldHintAnnotation": SchemaNone,
	// It sets additionalProperties, which the binding's test ignores.
	"WithSchemaAdditionalProperties": SchemaNone,

	"WithInputSchema": SchemaInput, "WithRawInputSchema": SchemaInput,
	"WithCachedInputSchema": SchemaInput, "WithCachedInputSchemaKey": SchemaInput,
	"WithString": SchemaInput, "WithNumber": SchemaInput, "WithInteger": SchemaInput,
	"WithBoolean": SchemaInput, "WithObject": SchemaInput, "WithArray": SchemaInput, "WithAny": SchemaInput,

	"WithOutputSchema": SchemaOutput, "WithRawOutputSchema": SchemaOutput,
	"WithCachedOutputSchema": SchemaOutput, "WithCachedOutputSchemaKey": SchemaOutput,
}

// MCPGoToolOption says what calling fn, an option constructor of mcp-go's
// package mcp, does to a tool's schemas.
func MCPGoToolOption(fn *types.Func) SchemaEffect {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoPath || fn.Signature().Recv() != nil {
		return SchemaUnknown
	}
	return mcpGoToolOptions[fn.Origin().Name()]
}

// mcpGoTargets are mcp-go's constructors of what a registration registers,
// each taking the name, URI or URI template first.
var mcpGoTargets = map[string]rules.Method{
	"NewTool": rules.Tool, "NewToolWithRawSchema": rules.Tool,
	"NewPrompt": rules.Prompt, "NewResource": rules.Resource, "NewResourceTemplate": rules.Resource,
}

// MCPGoTarget reports whether fn is one of mcp-go's constructors of a tool
// (mcp.NewTool, mcp.NewToolWithRawSchema), a prompt (mcp.NewPrompt) or a
// resource (mcp.NewResource, mcp.NewResourceTemplate), whose first
// argument names it.
func MCPGoTarget(fn *types.Func) (rules.Method, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoPath || fn.Signature().Recv() != nil {
		return 0, false
	}
	m, ok := mcpGoTargets[fn.Name()]
	return m, ok
}
