// Package kit is the SDK-neutral core of mcptest: the scenarios, the rounds
// it drives and the findings it reports. A binding (mcptest for go-sdk,
// mcptest/mcpgo for mcp-go) adapts one SDK's real client and in-process
// transport to [Server], so that neither SDK's users compile the other.
package kit

import (
	"context"
	"encoding/json"
	"time"
)

// Status is how one call of a tool ended.
type Status int

const (
	// Complete is a final result that is not a tool error.
	Complete Status = iota
	// ToolError is a final result with isError set.
	ToolError
	// InputRequired is an input-required result: questions, state, or both.
	InputRequired
	// ProtocolError is a JSON-RPC error.
	ProtocolError
	// Failed is a call that did not return a result: a timeout, a panic in
	// the handler, a broken transport.
	Failed
)

func (s Status) String() string {
	switch s {
	case Complete:
		return "complete"
	case ToolError:
		return "tool error"
	case InputRequired:
		return "input required"
	case ProtocolError:
		return "protocol error"
	default:
		return "failed"
	}
}

// refused reports whether a call with this status took no final step: it
// was refused (an error of either kind, or no result) or asked again.
func (s Status) refused() bool { return s != Complete }

// Request is one input request of an input-required result.
type Request struct {
	Method string          // elicitation/create, sampling/createMessage, roots/list
	Params json.RawMessage // as the server sent it
}

// Result is a call's result in the kit's terms.
type Result struct {
	Status   Status
	Requests map[string]Request // InputRequired
	State    string             // InputRequired: the requestState to echo
	Body     string             // Complete, ToolError: content and structured content, as JSON
	Err      string             // ToolError, ProtocolError, Failed: the text
	Panicked bool               // Failed because the handler panicked
}

// Session says what kind of client session a binding opens.
type Session struct {
	// Legacy: a 2025-11-25 session, served with server-to-client requests.
	Legacy bool
	// NoCaps: the client declares no elicitation, sampling or roots.
	NoCaps bool
	// Lacks is the method (elicitation/create, sampling/createMessage,
	// roots/list) whose capability the client does not declare, while it
	// declares the other two; "" for all three.
	Lacks string
	// Principal is the user the session's requests act for.
	Principal string
	// Answer answers the server-to-client requests of a legacy session:
	// the result's JSON, or an error that fails the request.
	Answer func(method string, params json.RawMessage) (json.RawMessage, error)
}

// Tool is a tool a server lists.
type Tool struct {
	Name        string
	InputSchema json.RawMessage
}

// Conn is one client session to the server under test.
type Conn interface {
	// Call calls tool once: the first round when responses and state are
	// empty, a retry otherwise. responses are input responses as JSON.
	Call(ctx context.Context, tool string, args map[string]any, responses map[string]json.RawMessage, state string) Result
	// Lists reports whether the server lists tool to this session: a
	// server may offer a tool only from some protocol version on.
	Lists(ctx context.Context, tool string) (bool, error)
	Close()
}

// Server is a binding's view of the server under test.
type Server interface {
	// SDK names the SDK, for messages.
	SDK() string
	Tools(ctx context.Context) ([]Tool, error)
	Connect(ctx context.Context, s Session) (Conn, error)
	// Refusal reports whether an error text is the SDK's refusal of a
	// server-to-client request on a 2026-07-28 session.
	Refusal(text string) bool
}

// SchemaRefuser is a Server whose SDK refuses to send a form elicitation
// for its requested schema (mcp-go, a missing one; go-sdk sends any):
// SchemaRefusal reports whether an error text is that refusal, a question
// no user is ever asked, elicitbase's.
type SchemaRefuser interface {
	SchemaRefusal(text string) bool
}

// ToolOptions configures the checks of one tool.
type ToolOptions struct {
	// Args are the example arguments of the call. Without them the kit
	// builds arguments from the tool's input schema: each required
	// property gets its default, its first enum value, or a value of its
	// type.
	Args map[string]any
	// Answers are the confirming answers' content by question key, for
	// questions that a built answer does not confirm (say, "type the
	// repository's name"). Without one, a form is accepted with every
	// boolean ticked, every string its default, first enum value or
	// "mcptest", every number its default, minimum or 1.
	Answers map[string]map[string]any
	// Effect counts the tool's side effect (say, deletions in a fake
	// store): the kit reads it before and after each call. Without it,
	// whether a call took its effect is told from its result, compared
	// with the confirmed call's, and single use is not checked.
	Effect func() int
	// Keys are question keys the tool may read without asking them in
	// this call: the kit sends answers under them (and under "confirm",
	// and every key another tool asked) to check that an answer to a
	// question not asked changes nothing. A key the tool never asks is
	// otherwise unknown to the kit.
	Keys []string
	// Skip names scenarios not to run for this tool: "failopen",
	// "standin", "statereach", "singleuse", "askcaps", "syncask",
	// "askstable".
	Skip []string
}

// Options configures a check.
type Options struct {
	// Tools are the tools to check, by name; all the server lists when
	// empty.
	Tools []string
	// Tool configures tools by name.
	Tool map[string]ToolOptions
	// Timeout bounds each call; 5s when zero.
	Timeout time.Duration
	// Principal is the user the calls act for ("mcptest-user" when
	// empty); scenarios that need another user use Principal+"-other".
	// On go-sdk it is the UserID of the request's TokenInfo, as an
	// authenticating transport sets it.
	Principal string
	// PrincipalContext (mcp-go) puts the principal into a request's
	// context the way the server's authentication does (mcp-go verifies
	// no identity itself; servers do it in server.WithHTTPContextFunc).
	// Nil leaves the context as it is.
	PrincipalContext func(ctx context.Context, principal string) context.Context
}
