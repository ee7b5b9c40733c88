package mcpapi

import "go/types"

// The names by which both SDKs carry the user's answer to an elicitation:
// the result's Action field (go-sdk mcp.ElicitResult.Action, mcp-go
// mcp.ElicitationResponse.Action, embedded in mcp.ElicitationResult), the
// value it has when the user accepted, and the request's Mode field with the
// value of an out-of-band (URL-mode) elicitation, which confirms nothing.
const (
	ElicitActionField = "Action"
	ElicitAccept      = "accept"
	ElicitModeField   = "Mode"
	ElicitModeURL     = "url"
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
