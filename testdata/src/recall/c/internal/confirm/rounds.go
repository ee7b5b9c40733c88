package confirm

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Outcome is what a multi-round retry tells us about a confirmation.
type Outcome int

const (
	// Pending: no usable answer for the key yet; ask (again).
	Pending Outcome = iota
	// Approved: accepted with the confirm box ticked.
	Approved
	// Rejected: declined, cancelled, or accepted with the box unticked.
	Rejected
	// Invalid: accepted, but the content does not match our schema.
	Invalid
)

func (o Outcome) String() string {
	switch o {
	case Pending:
		return "pending"
	case Approved:
		return "approved"
	case Rejected:
		return "rejected"
	case Invalid:
		return "invalid"
	default:
		return "unknown"
	}
}

// Decide classifies the answer stored under key in a retry's input responses.
func Decide(responses mcp.InputResponses, key string) Outcome {
	ans := server.ElicitationResponse(responses, key)
	if ans == nil {
		return Pending
	}
	if ans.Action != mcp.ElicitationResponseActionAccept {
		return Rejected
	}
	content, ok := ans.Content.(map[string]any)
	if !ok {
		return Invalid
	}
	v, ok := content[Field].(bool)
	if !ok {
		return Invalid
	}
	if !v {
		return Rejected
	}
	return Approved
}

// AskResult renders a tool result asking for the standard yes/no form under key.
func AskResult(state, key, message string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder(state).Elicit(key, Params(message)).ToolResult()
}
