package knowledge

import (
	"go/types"
)

// Where sessions come from, and which registrations only older sessions
// reach: the tables by which syncask tells a session that a 2026-07-28
// request can bring from one that it cannot.

// IsRequestSessionField reports whether obj is the Session field of
// go-sdk's ServerRequest: the session of the request being served.
func IsRequestSessionField(obj *types.Var) bool {
	return obj.IsField() && obj.Name() == "Session" && obj.Pkg() != nil && obj.Pkg().Path() == GoSDKPath
}

// IsContextValue reports whether fn is context.Context's Value method:
// what a middleware stored in the context of a request.
func IsContextValue(fn *types.Func) bool {
	return fn.Name() == "Value" && fn.Pkg() != nil && fn.Pkg().Path() == "context" && fn.Signature().Recv() != nil
}

// IsSessionFromContext reports whether fn returns the session of the
// request a context belongs to: mcp-go's server.ClientSessionFromContext.
func IsSessionFromContext(fn *types.Func) bool {
	return fn.Name() == "ClientSessionFromContext" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath
}

// IsServerFromContext reports whether fn returns the server a context's
// request is served by: mcp-go's server.ServerFromContext.
func IsServerFromContext(fn *types.Func) bool {
	return fn.Name() == "ServerFromContext" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath
}

// IsNewMCPGoServer reports whether fn is mcp-go's server.NewMCPServer,
// whose options may include WithLegacyServerInitiatedRequests.
func IsNewMCPGoServer(fn *types.Func) bool {
	return fn.Name() == "NewMCPServer" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath && fn.Signature().Recv() == nil
}

// IsServerConnect reports whether fn is go-sdk's (*mcp.Server).Connect: a
// session the package opens itself, over a transport of its own.
func IsServerConnect(fn *types.Func) bool {
	return fn.Name() == "Connect" && fn.Pkg() != nil && fn.Pkg().Path() == GoSDKPath && isRecv(fn, "Server")
}

// IsClientConnect reports whether fn is go-sdk's (*mcp.Client).Connect,
// whose *mcp.ClientSessionOptions may pin the protocol version.
func IsClientConnect(fn *types.Func) bool {
	return fn.Name() == "Connect" && fn.Pkg() != nil && fn.Pkg().Path() == GoSDKPath && isRecv(fn, "Client")
}

func isRecv(fn *types.Func, typeName string) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if e := Pointee(t); e != nil {
		t = e
	}
	n := named(t)
	return n != nil && n.Origin().Obj().Name() == typeName
}

// LegacyOnlyHookArg returns the index of the argument of a call of fn
// that registers a function only sessions before 2026-07-28 run: mcp-go's
// (*server.Hooks).AddBeforeInitialize and AddAfterInitialize (a modern
// session sends no initialize). Notification handlers are told by their
// method, with LegacyOnlyNotification.
func LegacyOnlyHookArg(fn *types.Func) (int, bool) {
	if fn.Pkg() == nil || fn.Pkg().Path() != MCPGoServerPath || !isRecv(fn, "Hooks") {
		return 0, false
	}
	switch fn.Name() {
	case "AddBeforeInitialize", "AddAfterInitialize":
		return 1, true // the receiver is argument 0
	}
	return 0, false
}

// IsNotificationHandlerRegistration reports whether fn is mcp-go's
// (*server.MCPServer).AddNotificationHandler(method, handler).
func IsNotificationHandlerRegistration(fn *types.Func) bool {
	return fn.Name() == "AddNotificationHandler" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath && isRecv(fn, "MCPServer")
}

// LegacyOnlyNotification reports whether only sessions before 2026-07-28
// send the notification method: notifications/initialized and
// notifications/roots/list_changed.
func LegacyOnlyNotification(method string) bool {
	switch method {
	case "notifications/initialized", "notifications/roots/list_changed":
		return true
	}
	return false
}

// IsLegacyOnlyHandlerField reports whether obj is a field of go-sdk's
// mcp.ServerOptions holding a handler that only sessions before 2026-07-28
// reach: InitializedHandler and RootsListChangedHandler.
func IsLegacyOnlyHandlerField(obj *types.Var) bool {
	if !obj.IsField() || obj.Pkg() == nil || obj.Pkg().Path() != GoSDKPath {
		return false
	}
	switch obj.Name() {
	case "InitializedHandler", "RootsListChangedHandler":
		return true
	}
	return false
}

// IsClientVersionField reports whether obj is the ProtocolVersion field of
// go-sdk's mcp.ClientSessionOptions: the version a client of the package
// asks for.
func IsClientVersionField(obj *types.Var) bool {
	return obj.IsField() && obj.Name() == "ProtocolVersion" && obj.Pkg() != nil && obj.Pkg().Path() == GoSDKPath
}

// IsVersionFunc reports whether fn returns the protocol version of a
// request or session: go-sdk's (*ServerRequest).ProtocolVersion, mcp-go's
// server.RequestProtocolVersion and its sessions' ProtocolVersion.
func IsVersionFunc(fn *types.Func) bool {
	return (fn.Name() == "ProtocolVersion" || fn.Name() == "RequestProtocolVersion") && InSDK(fn.Pkg())
}

// AskOwners returns the SDK types whose methods send server-to-client
// requests, among the packages pkg imports directly or through one
// import: *mcp.ServerSession and *server.MCPServer. A call of an
// interface method that one of them implements may be such a request.
func AskOwners(pkg *types.Package) []types.Type {
	var owners []types.Type
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package, depth int)
	visit = func(p *types.Package, depth int) {
		if seen[p] {
			return
		}
		seen[p] = true
		var name string
		switch p.Path() {
		case GoSDKPath:
			name = "ServerSession"
		case MCPGoServerPath:
			name = "MCPServer"
		}
		if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok && name != "" {
			owners = append(owners, types.NewPointer(tn.Type()))
		}
		if depth < 1 {
			for _, imp := range p.Imports() {
				visit(imp, depth+1)
			}
		}
	}
	visit(pkg, -1)
	return owners
}

// IsMCPGoServerMethod reports whether fn is a method of mcp-go's
// *server.MCPServer: a function value passed to one (AddTool's handler,
// AddPrompt's, AddResource's) runs on that server.
func IsMCPGoServerMethod(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath && isRecv(fn, "MCPServer")
}

// mcpgoServerAsks are the parameter types of the requests of mcp-go's
// *server.MCPServer, by method: a method of that name and shape on an
// interface may dispatch to the server.
var mcpgoServerAsks = map[string]string{
	"RequestElicitation": "ElicitationRequest",
	"RequestSampling":    "CreateMessageRequest",
	"RequestRoots":       "ListRootsRequest",
}

// ServerAskShape returns the request that m, an interface method of the
// user's, may make when the interface holds mcp-go's *server.MCPServer,
// told by its name and shape (context.Context, then the request type of
// package mcp): the package that declares the interface need not import
// mcp-go's server package, where *server.MCPServer is. The SDK knows
// 2026-07-28 when its mcp package has IsModernProtocol.
func ServerAskShape(m *types.Func) (Ask, bool) {
	want, ok := mcpgoServerAsks[m.Name()]
	sig := m.Signature()
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 2 || !IsContext(sig.Params().At(0).Type()) || !IsError(sig.Results().At(1).Type()) {
		return Ask{}, false
	}
	n := named(sig.Params().At(1).Type())
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != MCPGoPath || n.Obj().Name() != want {
		return Ask{}, false
	}
	refused := n.Obj().Pkg().Scope().Lookup("IsModernProtocol") != nil
	return Ask{API: AskServer, Name: "MCPServer." + m.Name(), Refused: refused}, true
}
