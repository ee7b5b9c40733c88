// Package confirm contains the helpers our MCP tools use to ask the user
// before doing anything irreversible.
package confirm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP spec.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

var (
	// ErrDeclined is returned by Require when the user explicitly said no.
	ErrDeclined = errors.New("confirm: user declined")
	// ErrCancelled is returned by Require when the user dismissed the prompt.
	ErrCancelled = errors.New("confirm: user cancelled")
	// ErrUnsupported is returned when the connected client cannot elicit.
	ErrUnsupported = errors.New("confirm: client does not support elicitation")
)

// BoxSchema returns a form with a single required acknowledgement checkbox.
func BoxSchema(key, description string) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			key: {Type: "boolean", Title: "Confirm", Description: description},
		},
		Required: []string{key},
	}
}

// Accepted reports whether the user accepted the elicitation.
func Accepted(res *mcp.ElicitResult) bool {
	return res != nil && res.Action == ActionAccept
}

// Declined reports whether the user explicitly declined.
func Declined(res *mcp.ElicitResult) bool {
	return res != nil && res.Action == ActionDecline
}

// Checked reports whether the user accepted and ticked the checkbox key.
func Checked(res *mcp.ElicitResult, key string) bool {
	if !Accepted(res) {
		return false
	}
	v, ok := res.Content[key].(bool)
	return ok && v
}

// Acknowledged reports whether the user accepted and left the acknowledgement
// box ticked. Some clients drop boolean fields the user did not touch, so an
// absent value is read as the box's initial (ticked) state.
func Acknowledged(res *mcp.ElicitResult, key string) bool {
	if !Accepted(res) {
		return false
	}
	v, ok := res.Content[key].(bool)
	return v || !ok
}

// IsUnsupported reports whether err says that the client has no elicitation
// capability. The SDK does not export a sentinel for this.
func IsUnsupported(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, ErrUnsupported) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "does not support elicitation") ||
		strings.Contains(msg, `does not support "form" elicitation`)
}

// Ask shows message and reports whether the user accepted.
// A failed request is returned as an error together with false.
func Ask(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message})
	if err != nil {
		return false, fmt.Errorf("confirm: %w", err)
	}
	return Accepted(res), nil
}

// Require returns nil only when the user accepted message. Otherwise it
// returns ErrDeclined, ErrCancelled or the wrapped transport error.
func Require(ctx context.Context, ss *mcp.ServerSession, message string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message})
	if err != nil {
		if IsUnsupported(err) {
			return fmt.Errorf("%w: %v", ErrUnsupported, err)
		}
		return fmt.Errorf("confirm: elicitation failed: %w", err)
	}
	switch res.Action {
	case ActionAccept:
		return nil
	case ActionDecline:
		return ErrDeclined
	case ActionCancel:
		return ErrCancelled
	default:
		return fmt.Errorf("confirm: unexpected action %q", res.Action)
	}
}

// Decision is the outcome of Decide.
type Decision int

const (
	Unknown Decision = iota // no usable answer (error, cancel, garbage)
	Approved
	Denied
)

func (d Decision) String() string {
	switch d {
	case Approved:
		return "approved"
	case Denied:
		return "denied"
	default:
		return "unknown"
	}
}

// Decide asks the user and folds the outcome into a Decision. Transport
// errors are logged and reported as Unknown.
func Decide(ctx context.Context, ss *mcp.ServerSession, message string) Decision {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message})
	if err != nil {
		slog.WarnContext(ctx, "confirmation request failed", "err", err)
		return Unknown
	}
	switch res.Action {
	case ActionAccept:
		return Approved
	case ActionDecline:
		return Denied
	default:
		return Unknown
	}
}
