// Package confirm holds the helpers our tools use to ask the user before
// doing something irreversible. Tools return an input-required result built
// with Ask, and on the retry read the answer back with Lookup / Decide /
// Check.
package confirm

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions, as defined by the protocol.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// ErrNoAnswer is returned by Check when the client did not send an answer
// for the requested key. Callers should ask again.
var ErrNoAnswer = errors.New("confirm: no answer for input request")

// Lookup returns the elicitation answer the client sent for key, if any.
// The second result is false when the key is absent or the response is not
// an elicitation result.
func Lookup(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	if req == nil || req.Params == nil {
		return nil, false
	}
	r, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok || r == nil {
		return nil, false
	}
	return r, true
}

// Accepted reports whether r is an accepted answer.
func Accepted(r *mcp.ElicitResult) bool {
	return r != nil && r.Action == ActionAccept
}

// Declined reports whether the user explicitly said no (declined or
// dismissed the prompt).
func Declined(r *mcp.ElicitResult) bool {
	return r != nil && (r.Action == ActionDecline || r.Action == ActionCancel)
}

// Decode copies the submitted form content of r into v.
func Decode(r *mcp.ElicitResult, v any) error {
	if r == nil {
		return ErrNoAnswer
	}
	b, err := json.Marshal(r.Content)
	if err != nil {
		return fmt.Errorf("confirm: re-encoding content: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("confirm: decoding content: %w", err)
	}
	return nil
}

// Decision is the outcome of a confirmation prompt.
type Decision int

const (
	// Unanswered means the client has not (yet) answered; ask again.
	Unanswered Decision = iota
	// Approved means the user accepted the prompt.
	Approved
	// Rejected means the user declined or cancelled.
	Rejected
)

func (d Decision) String() string {
	switch d {
	case Unanswered:
		return "unanswered"
	case Approved:
		return "approved"
	case Rejected:
		return "rejected"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// Decide classifies the answer for key.
func Decide(req *mcp.CallToolRequest, key string) Decision {
	r, ok := Lookup(req, key)
	switch {
	case !ok:
		return Unanswered
	case r.Action == ActionAccept:
		return Approved
	default:
		return Rejected
	}
}

// Check returns the boolean form field named field from the answer for key.
// It returns ErrNoAnswer if there is no answer, (false, nil) if the user
// declined or cancelled, and an error if the field is not a boolean.
func Check(req *mcp.CallToolRequest, key, field string) (bool, error) {
	r, ok := Lookup(req, key)
	if !ok {
		return false, ErrNoAnswer
	}
	if r.Action != ActionAccept {
		return false, nil
	}
	raw, present := r.Content[field]
	if !present {
		return false, fmt.Errorf("confirm: field %q missing from answer", field)
	}
	v, isBool := raw.(bool)
	if !isBool {
		return false, fmt.Errorf("confirm: field %q is %T, want bool", field, raw)
	}
	return v, nil
}

// Schema returns a flat form schema with a required boolean "confirm" box
// plus any extra string fields.
func Schema(extra ...string) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"confirm": {Type: "boolean", Description: "Tick to confirm"},
		},
		Required: []string{"confirm"},
	}
	for _, name := range extra {
		s.Properties[name] = &jsonschema.Schema{Type: "string"}
	}
	return s
}

// EmptySchema is the schema for a plain yes/no prompt with no fields.
func EmptySchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
}

// Ask builds an input-required result that asks the user message under key.
func Ask(key, message string, schema *jsonschema.Schema, state string) *mcp.CallToolResult {
	if schema == nil {
		schema = EmptySchema()
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: message, RequestedSchema: schema},
		},
		RequestState: state,
	}
}

// Gate is a reusable confirmation prompt.
type Gate struct {
	Key     string
	Message string
	Schema  *jsonschema.Schema
}

// Prompt returns the input-required result for this gate.
func (g *Gate) Prompt(state string) *mcp.CallToolResult {
	return Ask(g.Key, g.Message, g.Schema, state)
}

// Answer returns the client's answer to this gate, if any.
func (g *Gate) Answer(req *mcp.CallToolRequest) (*mcp.ElicitResult, bool) {
	return Lookup(req, g.Key)
}

// Text is a small helper for plain text tool results.
func Text(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

// Stopped is the result returned when the user said no.
func Stopped(what string) *mcp.CallToolResult {
	return Text("%s was not confirmed; nothing was changed.", what)
}

// StateSigner signs the opaque RequestState we hand to clients so that a
// retry cannot claim to be at a later step than the one we issued.
type StateSigner struct {
	Secret []byte
}
