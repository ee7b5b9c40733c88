// Package approval defines the contracts that tool handlers use to obtain a
// human decision before performing a destructive operation. Concrete
// implementations (backed by MCP elicitation) live in package elicitx and are
// wired in cmd/probed.
package approval

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP spec, plus the synthetic
// ActionExpired produced by WithTimeout.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
	// ActionExpired is reported when the operator did not answer before the
	// prompt deadline.
	ActionExpired = "expired"
)

// ConfirmField is the name of the boolean checkbox that prompts with
// Checkbox set expose to the user.
const ConfirmField = "confirm"

var (
	// ErrUnsupported is returned when the connected client did not advertise
	// the elicitation capability.
	ErrUnsupported = errors.New("approval: client does not support elicitation")
	// ErrNoSession is returned when a handler is invoked without a session
	// (for example from an in-process test harness).
	ErrNoSession = errors.New("approval: no session")
)

// Prompt describes what the operator is asked.
type Prompt struct {
	// Message is shown to the operator.
	Message string
	// Checkbox, when true, adds a required-looking "confirm" boolean to the
	// form. The decision is only Approved when the box is ticked.
	Checkbox bool
	// Fields are additional string inputs (e.g. "type the resource name").
	Fields map[string]string
}

// Decision is the outcome of a Prompt.
type Decision struct {
	Action    string
	Confirmed bool
	Values    map[string]any
}

// Approved reports whether the operator explicitly accepted and, for
// checkbox prompts, ticked the confirm box.
func (d Decision) Approved() bool { return d.Action == ActionAccept && d.Confirmed }

// Declined reports whether the operator explicitly pressed "decline".
func (d Decision) Declined() bool { return d.Action == ActionDecline }

// Cancelled reports whether the operator dismissed the prompt.
func (d Decision) Cancelled() bool { return d.Action == ActionCancel }

// Expired reports whether the prompt timed out.
func (d Decision) Expired() bool { return d.Action == ActionExpired }

// String implements fmt.Stringer for logging.
func (d Decision) String() string {
	return fmt.Sprintf("decision(action=%s confirmed=%t)", d.Action, d.Confirmed)
}

// Value returns the string value of a named field, if present.
func (d Decision) Value(name string) (string, bool) {
	v, ok := d.Values[name].(string)
	return v, ok
}

// Confirmer is the minimal yes/no contract.
type Confirmer interface {
	// Confirm returns true only when the operator agreed. A non-nil error
	// means no decision could be obtained.
	Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)
}

// Approver returns a full Decision for richer prompts.
type Approver interface {
	Approve(ctx context.Context, ss *mcp.ServerSession, p Prompt) (Decision, error)
}

// DeniedError is returned by Require when the operator did not approve.
type DeniedError struct {
	Decision Decision
}

func (e *DeniedError) Error() string {
	return fmt.Sprintf("approval denied (%s)", e.Decision.Action)
}

// Require obtains a decision and converts anything but approval into an
// error. Infrastructure failures are wrapped; non-approval is reported as a
// *DeniedError.
func Require(ctx context.Context, a Approver, ss *mcp.ServerSession, p Prompt) error {
	d, err := a.Approve(ctx, ss, p)
	if err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	if !d.Approved() {
		return &DeniedError{Decision: d}
	}
	return nil
}
