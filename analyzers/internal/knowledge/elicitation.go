package knowledge

import (
	"go/types"
	"strings"
)

// The names by which both SDKs carry the user's answer to an elicitation:
// the result's Action field (go-sdk mcp.ElicitResult.Action, mcp-go
// mcp.ElicitationResponse.Action, embedded in mcp.ElicitationResult), the
// value it has when the user accepted, its Content field (the submitted
// form: go-sdk's map[string]any, mcp-go's any holding one), and the
// request's Mode field with the value of an out-of-band (URL-mode)
// elicitation, which confirms nothing.
const (
	ElicitActionField  = "Action"
	ElicitContentField = "Content"
	ElicitAccept       = "accept"
	ElicitModeField    = "Mode"
	ElicitModeURL      = "url"
)

// ElicitationRequest reports whether fn, the callee of a call, sends an
// elicitation to the client and returns its result and an error: go-sdk's
// (*mcp.ServerSession).Elicit, mcp-go's (*server.MCPServer).RequestElicitation
// and server.SessionWithElicitation.RequestElicitation. mcp-go's
// RequestURLElicitation is left out: a URL-mode elicitation sends the user
// elsewhere and confirms nothing.
func ElicitationRequest(fn *types.Func) (name string, ok bool) {
	ask, ok := ServerAsk(fn)
	if !ok {
		return "", false
	}
	switch ask.Name {
	case "ServerSession.Elicit", "MCPServer.RequestElicitation", "SessionWithElicitation.RequestElicitation":
		return ask.Name, true
	}
	return "", false
}

// ReturnsToSDK reports whether a function of signature sig is a request
// handler whose results go back to the SDK: it takes a request of either
// SDK (IsServerHandlerSignature) and returns an error last, after a
// result of the SDK's protocol package (*mcp.CallToolResult and the
// like). A helper that takes the request and returns something else
// returns to its caller.
func ReturnsToSDK(sig *types.Signature) bool {
	res := sig.Results()
	if !IsServerHandlerSignature(sig) || res.Len() < 2 || !IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	first := res.At(0).Type()
	if e := Pointee(first); e != nil {
		first = e
	}
	n := named(first)
	return n != nil && InSDK(n.Obj().Pkg()) && strings.HasSuffix(n.Obj().Name(), "Result")
}

// IsElicitationCapability reports whether obj is the field by which a
// client declares that it can elicit: Elicitation of go-sdk's and mcp-go's
// ClientCapabilities (nil when the client cannot).
func IsElicitationCapability(obj *types.Var) bool {
	return ClientCapability(obj) == CapabilityElicitation
}

// The other actions of an elicitation's answer: the user declined, or
// dismissed the question without choosing.
const (
	ElicitDecline = "decline"
	ElicitCancel  = "cancel"
)

// IsElicitResult reports whether t is the result of an elicitation that
// carries its Action, or a pointer to one: go-sdk's mcp.ElicitResult,
// mcp-go's mcp.ElicitationResult and the mcp.ElicitationResponse it
// embeds.
func IsElicitResult(t types.Type) bool {
	if e := Pointee(t); e != nil {
		t = e
	}
	return IsNamed(t, GoSDKPath, "ElicitResult") || IsNamed(t, MCPGoPath, "ElicitationResult") || IsNamed(t, MCPGoPath, "ElicitationResponse")
}

// IsStandard reports whether pkg is in the standard library: its path has
// no dot in its first element.
func IsStandard(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".")
}

// IsElicitationResponseReader reports whether fn reads the elicitation
// answer under a key of a hand-written handler's input responses: mcp-go's
// server.ElicitationResponse, nil when the answer is missing or cannot be
// decoded.
func IsElicitationResponseReader(fn *types.Func) bool {
	return fn.Name() == "ElicitationResponse" && fn.Pkg() != nil && fn.Pkg().Path() == MCPGoServerPath && fn.Signature().Recv() == nil
}

// cannotAskErrors are the SDKs' errors of an elicitation that could not
// be sent at all: mcp-go's request without a session, or on a session
// that cannot carry elicitation. (go-sdk has no such sentinel: it
// refuses a client without the capability with an error of its own
// text.) Going ahead on one is the server's policy for clients that
// cannot be asked, as going ahead when the client declares no
// elicitation capability is.
var cannotAskErrors = map[[2]string]bool{
	{MCPGoServerPath, "ErrElicitationNotSupported"}: true,
	{MCPGoServerPath, "ErrNoActiveSession"}:         true,
}

// IsCannotAskError reports whether v is one of the SDKs' errors of an
// elicitation that could not be sent at all.
func IsCannotAskError(v *types.Var) bool {
	return v.Pkg() != nil && cannotAskErrors[[2]string{v.Pkg().Path(), v.Name()}]
}

// ElicitChecksAcceptedForm reports whether the SDK's elicitation request
// fn (ElicitationRequest) checks every accepted answer against the
// requested schema, so that a field the schema requires is never missing
// from one it returns. mcp-go never checks an answer. go-sdk's
// ServerSession.Elicit validates an accepted answer's content, and,
// since v1.7.0-pre.3, returns an accepted answer that carries no content
// at all unchecked (a client may accept a form and send no field); the
// type SubscriptionsListenResult, added a few days after that change,
// tells the versions that do (a build between the two is taken to check,
// which can only hide a finding). Until then every accepted answer was
// checked, a missing content too.
func ElicitChecksAcceptedForm(fn *types.Func) bool {
	ask, ok := ServerAsk(fn)
	return ok && ask.API == AskSession && fn.Name() == "Elicit" &&
		fn.Pkg().Scope().Lookup(goSDKUncheckedEmptyAcceptMarker) == nil
}

// goSDKUncheckedEmptyAcceptMarker is a type go-sdk declares only in the
// versions whose Elicit returns an accepted answer with no content
// unchecked (see ElicitChecksAcceptedForm).
const goSDKUncheckedEmptyAcceptMarker = "SubscriptionsListenResult"
