package knowledge

import "go/types"

// This file knows how a hand-written multi-round handler puts its input
// requests into a result and reads the answers back (the round structure
// that package rounds finds):
//
//   - go-sdk: the map mcp.InputRequestMap (key: the request's id, value:
//     *mcp.ElicitParams, *mcp.CreateMessageParams, *mcp.ListRootsParams),
//     read back from mcp.InputResponseMap, indexed by that id;
//   - mcp-go: (*server.InputRequestBuilder).Elicit(id, params),
//     Sample(id, params) and Roots(id), or the map mcp.InputRequests; read
//     back from mcp.InputResponses, indexed or with server.InputResponse,
//     ElicitationResponse, SamplingResponse and RootsResponse(responses, id).

// IsInputRequestMap reports whether t is the map type of a result's input
// requests: go-sdk's mcp.InputRequestMap or mcp-go's mcp.InputRequests.
func IsInputRequestMap(t types.Type) bool {
	return IsNamed(t, GoSDKPath, "InputRequestMap") || IsNamed(t, MCPGoPath, "InputRequests")
}

// IsInputResponseMap reports whether t is the map type of a request's
// answers: go-sdk's mcp.InputResponseMap or mcp-go's mcp.InputResponses.
func IsInputResponseMap(t types.Type) bool {
	return IsNamed(t, GoSDKPath, "InputResponseMap") || IsNamed(t, MCPGoPath, "InputResponses")
}

// An InputRequestAdd is a method that adds an input request to a result
// under construction: the indexes, in the call's arguments (the receiver
// first), of the request's id and of its parameters (-1: none).
type InputRequestAdd struct {
	Key, Params int
}

// InputRequestAdder returns where fn, mcp-go's
// (*server.InputRequestBuilder).Elicit, Sample or Roots, takes the id and
// the parameters of the input request it adds.
func InputRequestAdder(fn *types.Func) (InputRequestAdd, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoServerPath || !isRecv(fn, "InputRequestBuilder") {
		return InputRequestAdd{}, false
	}
	switch fn.Name() {
	case "Elicit", "Sample":
		return InputRequestAdd{Key: 1, Params: 2}, true
	case "Roots":
		return InputRequestAdd{Key: 1, Params: -1}, true
	}
	return InputRequestAdd{}, false
}

// AnswerReaderKey returns the index of the id argument of fn if fn reads
// one answer out of a request's input responses by its id: mcp-go's
// server.InputResponse, ElicitationResponse, SamplingResponse and
// RootsResponse(responses, id).
func AnswerReaderKey(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoServerPath || fn.Signature().Recv() != nil {
		return 0, false
	}
	switch fn.Name() {
	case "InputResponse", "ElicitationResponse", "SamplingResponse", "RootsResponse":
		return 1, true
	}
	return 0, false
}

// RequestStateArg returns the index, in a call's arguments (the receiver
// first), of the request state that fn sets on an input-required result:
// mcp-go's server.NewInputRequestBuilder(state) and
// (*server.InputRequestBuilder).RequestState(state). go-sdk's results set
// it in their RequestState field ([InputRequiredField]).
func RequestStateArg(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoServerPath {
		return 0, false
	}
	switch {
	case fn.Name() == "NewInputRequestBuilder" && fn.Signature().Recv() == nil:
		return 0, true
	case fn.Name() == "RequestState" && isRecv(fn, "InputRequestBuilder"):
		return 1, true
	}
	return 0, false
}

// BuildsInputRequest reports whether fn only builds an input-required
// result: mcp-go's server.NewInputRequestBuilder and the methods of
// server.InputRequestBuilder (Elicit, Sample, Roots, RequestState,
// ToolResult, ...). Asking again is nothing a confirmation guards.
func BuildsInputRequest(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MCPGoServerPath {
		return false
	}
	return fn.Name() == "NewInputRequestBuilder" && fn.Signature().Recv() == nil || isRecv(fn, "InputRequestBuilder")
}

// errorResultMakers are the SDKs' functions that build a tool result
// reporting a failure (IsError set): a handler that returns one fails the
// call as one that returns an error does.
var errorResultMakers = map[[2]string]bool{
	{MCPGoPath, "NewToolResultError"}:        true,
	{MCPGoPath, "NewToolResultErrorf"}:       true,
	{MCPGoPath, "NewToolResultErrorFromErr"}: true,
}

// MakesErrorResult reports whether fn builds a tool result that reports a
// failure: mcp-go's mcp.NewToolResultError and its siblings.
func MakesErrorResult(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Signature().Recv() == nil && errorResultMakers[[2]string{fn.Pkg().Path(), fn.Name()}]
}
