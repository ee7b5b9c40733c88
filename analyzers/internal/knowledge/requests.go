package knowledge

import (
	"github.com/mcplint/mcplint/internal/rules"
	"go/types"
	"strings"
)

// ModernProtocolVersion is the protocol version from which both SDKs
// refuse server-to-client requests: the rule core's
// [rules.InputRequiredVersion].
const ModernProtocolVersion = rules.InputRequiredVersion

// An AskAPI is how an SDK method sends a server-to-client request.
type AskAPI int

const (
	// AskSession is a method of go-sdk's *mcp.ServerSession (Elicit,
	// CreateMessage, CreateMessageWithTools, ListRoots), which the SDK
	// refuses on sessions at ModernProtocolVersion since v1.7.0.
	AskSession AskAPI = iota + 1
	// AskServer is a method of mcp-go's *server.MCPServer
	// (RequestElicitation, RequestURLElicitation, RequestSampling,
	// RequestRoots), which the SDK refuses on modern requests unless the
	// server was built with server.WithLegacyServerInitiatedRequests.
	AskServer
	// AskClientSession is a method of mcp-go's session interfaces
	// (SessionWithElicitation.RequestElicitation,
	// SessionWithSampling.RequestSampling, SessionWithRoots.ListRoots),
	// which sends the request whatever the protocol version.
	AskClientSession
)

// An Ask is a call of a server-to-client request method.
type Ask struct {
	API  AskAPI
	Name string // "ServerSession.Elicit", "MCPServer.RequestSampling"
	// Refused reports whether the linked SDK knows protocol
	// ModernProtocolVersion: it refuses the request there (AskSession,
	// AskServer), or sends one the client need not answer
	// (AskClientSession).
	Refused bool
}

// ServerAsk returns what fn, the callee of a call, asks of the client, if
// it is one of the server-to-client request methods.
func ServerAsk(fn *types.Func) (Ask, bool) {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() == nil {
		return Ask{}, false
	}
	rt := recv.Type()
	if e := Pointee(rt); e != nil {
		rt = e
	}
	n := named(rt)
	if n == nil {
		return Ask{}, false
	}
	typeName := n.Origin().Obj().Name()
	ask := Ask{Name: typeName + "." + fn.Name()}
	switch path := fn.Pkg().Path(); {
	case path == GoSDKPath && typeName == "ServerSession":
		switch fn.Name() {
		case "Elicit", "CreateMessage", "CreateMessageWithTools", "ListRoots":
			ask.API = AskSession
			ask.Refused = hasField(fn.Pkg(), "CallToolResult", "InputRequests")
		}
	case path == MCPGoServerPath && typeName == "MCPServer":
		switch fn.Name() {
		case "RequestElicitation", "RequestURLElicitation", "RequestSampling", "RequestRoots":
			ask.API = AskServer
			ask.Refused = fn.Pkg().Scope().Lookup("WithLegacyServerInitiatedRequests") != nil
		}
	case path == MCPGoServerPath:
		switch typeName + "." + fn.Name() {
		case "SessionWithElicitation.RequestElicitation", "SessionWithSampling.RequestSampling", "SessionWithRoots.ListRoots":
			ask.API = AskClientSession
			ask.Refused = fn.Pkg().Scope().Lookup("IsModernRequest") != nil
		}
	}
	return ask, ask.API != 0
}

// hasField reports whether the type typeName of pkg has a field named
// field: how the analyzers tell an SDK version by its API.
func hasField(pkg *types.Package, typeName, field string) bool {
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, pkg, field)
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}

// IsLegacyOptIn reports whether fn is mcp-go's
// server.WithLegacyServerInitiatedRequests, the option by which a server
// keeps its server-to-client requests on modern sessions.
func IsLegacyOptIn(fn *types.Func) bool {
	return fn.Name() == "WithLegacyServerInitiatedRequests" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath
}

// MCPGoClientPath is the import path of mcp-go's client package.
const MCPGoClientPath = "github.com/mark3labs/mcp-go/client"

// IsInProcess reports whether fn connects to an mcp-go server in process
// (client.NewInProcessClient..., server.NewInProcessSession...): mcp-go
// sends no protocol message on such a session, so it lets the server's
// requests through whatever the version.
func IsInProcess(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case MCPGoClientPath:
		return strings.HasPrefix(fn.Name(), "NewInProcessClient")
	case MCPGoServerPath:
		return strings.HasPrefix(fn.Name(), "NewInProcessSession")
	}
	return false
}

// IsVersionCheckFunc reports whether fn is an SDK function that tells
// whether a request is at ModernProtocolVersion or later: mcp-go's
// server.IsModernRequest and mcp.IsModernProtocol.
func IsVersionCheckFunc(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case MCPGoServerPath + ".IsModernRequest", MCPGoPath + ".IsModernProtocol":
		return true
	}
	return false
}

// IsInitializeParams reports whether fn is go-sdk's
// (*mcp.ServerSession).InitializeParams. go-sdk refuses a server-to-client
// request exactly when its result is non-nil and at ModernProtocolVersion
// or later (a modern request fills it from its _meta), so a session whose
// InitializeParams is nil is never refused.
func IsInitializeParams(fn *types.Func) bool {
	return fn.Name() == "InitializeParams" && fn.Pkg() != nil && fn.Pkg().Path() == GoSDKPath && isRecv(fn, "ServerSession")
}

// IsVersionField reports whether obj is a field of an SDK type that holds
// a protocol version (ProtocolVersion, as in go-sdk's InitializeParams and
// ClientSessionOptions) or tells a modern request (mcp-go's
// RequestProtocolInfo.Modern).
func IsVersionField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && (v.Name() == "ProtocolVersion" || v.Name() == "Modern") && InSDK(v.Pkg())
}

// InSDK reports whether pkg is one of the SDKs' protocol packages.
func InSDK(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	switch pkg.Path() {
	case GoSDKPath, MCPGoPath, MCPGoServerPath:
		return true
	}
	return false
}

// IsServerHandlerSignature reports whether a function of signature sig
// handles a request on the server side: it takes go-sdk's
// *mcp.ServerRequest[P] (such as *mcp.CallToolRequest), or mcp-go's
// mcp.CallToolRequest, mcp.GetPromptRequest or mcp.ReadResourceRequest.
func IsServerHandlerSignature(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if e := Pointee(t); e != nil {
			if IsNamed(e, GoSDKPath, "ServerRequest") {
				return true
			}
			t = e
		}
		for _, name := range [...]string{"CallToolRequest", "GetPromptRequest", "ReadResourceRequest"} {
			if IsNamed(t, MCPGoPath, name) {
				return true
			}
		}
	}
	return false
}
