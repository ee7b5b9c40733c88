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
// The predicates mirror, one for one, the checks that runtime/resolve makes
// with reflection at registration (register.go, schema.go): the analyzers
// must report at compile time exactly what registration rejects.
package knowledge

import (
	"go/types"
	"strings"
)

// Import paths of the APIs.
const (
	GoSDKPath       = "github.com/modelcontextprotocol/go-sdk/mcp"
	MCPGoPath       = "github.com/mark3labs/mcp-go/mcp"
	MCPGoServerPath = "github.com/mark3labs/mcp-go/server"
	ResolvePath     = "github.com/mcplint/mcplint/runtime/resolve"
	SealPath        = "github.com/mcplint/mcplint/runtime/seal"
	// SealCorePath is where seal's Codec is defined: seal.Codec is an
	// alias of sealcore.Codec, so its methods are sealcore's.
	SealCorePath = "github.com/mcplint/mcplint/runtime/internal/sealcore"
)

// apiPaths are the packages whose importers the analyzers look at.
var apiPaths = [...]string{GoSDKPath, MCPGoPath, MCPGoServerPath, ResolvePath, SealPath}

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
func pointsToSDK(t types.Type, name string) bool {
	e := Pointee(t)
	return e != nil && IsNamed(e, GoSDKPath, name)
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

// IsForm reports whether t is resolve.Form, the answer type of a question
// with an explicit schema.
func IsForm(t types.Type) bool { return IsNamed(t, ResolvePath, "Form") }

// IsSamplingResult reports whether t is *mcp.CreateMessageWithToolsResult,
// the answer type of resolve.AskSampling.
func IsSamplingResult(t types.Type) bool { return pointsToSDK(t, "CreateMessageWithToolsResult") }

// IsRootsResult reports whether t is *mcp.ListRootsResult, the answer type
// of resolve.AskRoots.
func IsRootsResult(t types.Type) bool { return pointsToSDK(t, "ListRootsResult") }

// ElicitArg returns T if a value of type t is a resolve.Elicit[T]: an
// instantiation of Elicit, a pointer to one, or a type that embeds one.
// It mirrors the runtime's test t.Implements(elicitation), which looks for
// Elicit's unexported methods in the method set of t.
func ElicitArg(t types.Type) (types.Type, bool) {
	return resolveMethodArg(t, "answerType")
}

// OutcomeArg returns T if a value of type t is a resolve.Outcome[T], in the
// same sense as [ElicitArg] (the runtime tests t.Implements(outcome)).
func OutcomeArg(t types.Type) (types.Type, bool) {
	return resolveMethodArg(t, "valueType")
}

// resolveMethodArg finds the unexported method name of package resolve in
// the method set of t and returns the type argument of its receiver.
func resolveMethodArg(t types.Type, name string) (types.Type, bool) {
	if t == nil {
		return nil, false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return nil, false // no interface can name resolve's unexported methods
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != ResolvePath {
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

// CanCarryInputRequired reports whether a value of type t can be an
// input-required result of go-sdk. It mirrors canCarryInputRequired in
// runtime/resolve/register.go: mcp.CallToolResult itself, a type defined
// from it (any struct type convertible to it), a pointer to one (at any
// depth), or a struct that embeds one. Aliases and instantiations of
// generic types are seen through.
func CanCarryInputRequired(t types.Type) bool {
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
			if convertibleToCallToolResult(u) {
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
