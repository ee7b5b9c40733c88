package knowledge

import (
	"go/types"
	"strings"
)

// This file knows where a server reads the request state of the
// 2026-07-28 multi-round flow (analyzer statereach):
//
//   - go-sdk: the fields RequestState and InputResponses of
//     mcp.CallToolParams, mcp.CallToolParamsRaw, mcp.GetPromptParams and
//     mcp.ReadResourceParams;
//   - mcp-go: the fields RequestState and InputResponses of
//     mcp.MultiRoundTripParams, which the params of tools/call,
//     prompts/get and resources/read embed, and the helpers that read
//     input responses: server.InputResponse, server.ElicitationResponse,
//     server.SamplingResponse, server.RootsResponse and
//     mcp.InputResponses.DecodeFor;
//
// and the verifier that the runtime offers: (*seal.Codec).Open.

// goSDKStateParams are the go-sdk params types with request-state fields.
var goSDKStateParams = [...]string{"CallToolParams", "CallToolParamsRaw", "GetPromptParams", "ReadResourceParams"}

// StateField describes v if it is a request-state field of the params of
// a request ("mcp.CallToolParamsRaw.RequestState"), or returns "". v is
// the field a selector denotes, so a field promoted through embedding (as
// mcp-go's MultiRoundTripParams is) is the field of the embedded struct.
func StateField(v *types.Var) string {
	if v == nil || !v.IsField() || v.Pkg() == nil {
		return ""
	}
	v = v.Origin()
	if v.Name() != "RequestState" && v.Name() != "InputResponses" {
		return ""
	}
	switch v.Pkg().Path() {
	case GoSDKPath:
		for _, t := range goSDKStateParams {
			if isFieldOf(v, t) {
				return "mcp." + t + "." + v.Name()
			}
		}
	case MCPGoPath:
		if isFieldOf(v, "MultiRoundTripParams") {
			return "mcp.MultiRoundTripParams." + v.Name()
		}
	}
	return ""
}

// IsRequestStateField reports whether v, a field that [StateField]
// describes, is a RequestState field (rather than InputResponses).
func IsRequestStateField(v *types.Var) bool { return v != nil && v.Name() == "RequestState" }

// InputResponseHelper returns the name of the mcp-go helper that fn is
// if it reads input responses ("server.ElicitationResponse",
// "mcp.InputResponses.DecodeFor"), or "".
func InputResponseHelper(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	switch fn.Pkg().Path() {
	case MCPGoServerPath:
		if recv != nil {
			return ""
		}
		switch fn.Name() {
		case "InputResponse", "ElicitationResponse", "SamplingResponse", "RootsResponse":
			return "server." + fn.Name()
		}
	case MCPGoPath:
		if recv != nil && fn.Name() == "DecodeFor" && IsNamed(recv.Type(), MCPGoPath, "InputResponses") {
			return "mcp.InputResponses.DecodeFor"
		}
	}
	return ""
}

// IsSealOpen reports whether fn is (*seal.Codec).Open, which verifies the
// integrity of a sealed requestState before returning its payload. The
// method is declared in sealcore (seal.Codec is an alias), or in seal
// itself in versions of the runtime before the engine split.
func IsSealOpen(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Open" {
		return false
	}
	path := fn.Pkg().Path()
	if path != SealPath && path != SealCorePath {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	p := Pointee(recv.Type())
	return p != nil && IsNamed(p, path, "Codec")
}

// IsOpenMethod reports whether fn is an interface method named Open whose
// results are (payload, error), such as a codec's: a verifier the server
// plugs in.
func IsOpenMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	res := fn.Signature().Results()
	return fn.Name() == "Open" && recv != nil && types.IsInterface(recv.Type()) &&
		res.Len() == 2 && IsError(res.At(1).Type())
}

// formatPackages are the standard-library packages whose functions parse,
// decode or format the values passed to them.
var formatPackages = [...]string{"strings", "bytes", "regexp", "unicode/utf8", "strconv", "fmt", "net/url"}

// ParsesOrFormats reports whether passing a value to a function of the
// package path parses, decodes or formats it (strings, fmt, encoding/...).
func ParsesOrFormats(path string) bool {
	for _, p := range formatPackages {
		if path == p {
			return true
		}
	}
	return strings.HasPrefix(path, "encoding/")
}

// Formats reports whether fn builds an error or a string from its
// arguments without deciding anything on them: fmt.Errorf, fmt.Sprint*,
// errors.New and errors.Join.
func Formats(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt":
		switch fn.Name() {
		case "Errorf", "Sprintf", "Sprint", "Sprintln":
			return true
		}
	case "errors":
		return fn.Name() == "New" || fn.Name() == "Join"
	}
	return false
}
