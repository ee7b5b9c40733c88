package knowledge

import "go/types"

// This file knows the client capabilities that an input request needs
// (the 2026-07-28 flow: a server must not send an input request of a kind
// the client did not declare), and where a server reads them. Neither SDK
// checks them for a hand-written input-required result: go-sdk v1.8.0
// sends a handler's InputRequests as they are, and mcp-go v1.2.1's
// server.InputRequestBuilder and mcp.InputRequests do too.

// The client capabilities an input request may need.
const (
	CapabilityElicitation = "elicitation"
	CapabilitySampling    = "sampling"
	CapabilityRoots       = "roots"
)

// ClientCapability returns the capability that obj, a field of go-sdk's or
// mcp-go's ClientCapabilities, declares (go-sdk's Roots and RootsV2 both
// declare roots), or "" for any other variable: a field of the same name
// elsewhere (the Roots of a roots/list answer) says nothing of the client.
func ClientCapability(obj *types.Var) string {
	if !obj.IsField() || obj.Pkg() == nil || obj.Pkg().Path() != GoSDKPath && obj.Pkg().Path() != MCPGoPath || !isFieldOf(obj, "ClientCapabilities") {
		return ""
	}
	switch obj.Name() {
	case "Elicitation":
		return CapabilityElicitation
	case "Sampling":
		return CapabilitySampling
	case "Roots", "RootsV2":
		return CapabilityRoots
	}
	return ""
}

// InputRequestCapability returns the capability that an input request
// needs, from the type of its parameters as put into go-sdk's
// mcp.InputRequestMap (*mcp.ElicitParams, *mcp.CreateMessageParams,
// *mcp.CreateMessageWithToolsParams, *mcp.ListRootsParams), or "".
func InputRequestCapability(params types.Type) string {
	switch {
	case pointsToSDK(params, "ElicitParams"):
		return CapabilityElicitation
	case pointsToSDK(params, "CreateMessageParams"), pointsToSDK(params, "CreateMessageWithToolsParams"):
		return CapabilitySampling
	case pointsToSDK(params, "ListRootsParams"):
		return CapabilityRoots
	}
	return ""
}

// InputRequestMakerCapability returns the capability that the input
// request fn makes needs: mcp-go's (*server.InputRequestBuilder).Elicit,
// Sample and Roots, and its constructors of an mcp.InputRequest
// (mcp.NewElicitationInputRequest, NewSamplingInputRequest,
// NewRootsInputRequest); or "".
func InputRequestMakerCapability(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	switch {
	case fn.Pkg().Path() == MCPGoServerPath && isRecv(fn, "InputRequestBuilder"):
		switch fn.Name() {
		case "Elicit":
			return CapabilityElicitation
		case "Sample":
			return CapabilitySampling
		case "Roots":
			return CapabilityRoots
		}
	case fn.Pkg().Path() == MCPGoPath && fn.Signature().Recv() == nil:
		switch fn.Name() {
		case "NewElicitationInputRequest":
			return CapabilityElicitation
		case "NewSamplingInputRequest":
			return CapabilitySampling
		case "NewRootsInputRequest":
			return CapabilityRoots
		}
	}
	return ""
}

// RegistersHandler reports whether fn registers a tool, prompt or resource
// handler with an SDK's server: go-sdk's mcp.AddTool and the methods
// AddTool, AddPrompt, AddResource and AddResourceTemplate of *mcp.Server;
// mcp-go's methods of *server.MCPServer that add tools, prompts, resources
// and resource templates, one or several.
func RegistersHandler(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch path := fn.Pkg().Path(); {
	case path == GoSDKPath && fn.Signature().Recv() == nil:
		return fn.Name() == "AddTool"
	case path == GoSDKPath && isRecv(fn, "Server"):
		switch fn.Name() {
		case "AddTool", "AddPrompt", "AddResource", "AddResourceTemplate":
			return true
		}
	case path == MCPGoServerPath && isRecv(fn, "MCPServer"):
		switch fn.Name() {
		case "AddTool", "AddTools", "AddPrompt", "AddPrompts", "AddResource", "AddResources", "AddResourceTemplate", "AddResourceTemplates":
			return true
		}
	}
	return false
}
