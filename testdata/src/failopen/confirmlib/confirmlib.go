// Package confirmlib offers a confirmation helper to other packages.
package confirmlib

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var ErrDeclined = errors.New("declined")

// Ask returns nil only when the user accepted.
func Ask(ctx context.Context, ss *mcp.ServerSession, msg string) error { // want Ask:"confirmer error=0 bool=-1"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}

// Client wraps a session.
type Client struct{ ss *mcp.ServerSession }

// Confirm returns the user's answer.
func (c Client) Confirm(ctx context.Context, msg string) (bool, error) { // want Confirm:"confirmer error=1 bool=0"
	if err := Ask(ctx, c.ss, msg); err != nil {
		return false, err
	}
	return true, nil
}

// Agreed returns whether the user accepted: false with a nil error on a
// decline or a cancel, and the request's error when it failed.
func (c Client) Agreed(ctx context.Context, msg string) (bool, error) { // want Agreed:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure"
	res, err := c.ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// Acknowledge returns nil only when the user accepted and ticked the box
// "ack": an accepted answer without it is a decline.
func Acknowledge(ctx context.Context, ss *mcp.ServerSession, msg string) error { // want Acknowledge:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/confirmlib.ErrDeclined cancel=sentinel:example.com/failopen/confirmlib.ErrDeclined fail=failure"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	if ack, _ := res.Content["ack"].(bool); !ack {
		return ErrDeclined
	}
	return nil
}

// RefusedError is the error of a question the user answered with no.
type RefusedError struct{ Action string }

func (e *RefusedError) Error() string { return "the user chose " + e.Action }

// Gate returns nil when the user accepted, a *RefusedError when the user
// answered anything else, and the request's error, wrapped, when it
// failed.
func Gate(ctx context.Context, ss *mcp.ServerSession, msg string) error { // want Gate:"confirmer error=0 bool=-1 decline=type:\\*example.com/failopen/confirmlib.RefusedError cancel=type:\\*example.com/failopen/confirmlib.RefusedError fail=failure"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return fmt.Errorf("asking: %w", err)
	}
	if res.Action != "accept" {
		return &RefusedError{Action: res.Action}
	}
	return nil
}

// BoxSchema is a form with one field, the checkbox named key.
func BoxSchema(key, title string) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{key: {Type: "boolean", Title: title}},
		Required:   []string{key},
	}
}

// NoteSchema is a form with one field, a note.
func NoteSchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{"note": map[string]any{"type": "string"}}}
}

// Accepted is the library's predicate over the SDK's result.
func Accepted(res *mcp.ElicitResult) bool { // want Accepted:"predicate param=0 result=0 accept=true decline=false cancel=false fail=false"
	return res != nil && res.Action == "accept"
}

// Declined is true for an answer that came back and was not an
// acceptance: a missing answer is not a decline.
func Declined(res *mcp.ElicitResult) bool { // want Declined:"predicate param=0 result=0 accept=false decline=true cancel=true fail=false"
	return res != nil && res.Action != "accept"
}

// AskWrapped returns nil only when the user accepted, and a decline as
// ErrDeclined wrapped with the user's action.
func AskWrapped(ctx context.Context, ss *mcp.ServerSession, msg string) error { // want AskWrapped:"confirmer error=0 bool=-1 decline=wrap:sentinel:example.com/failopen/confirmlib.ErrDeclined cancel=wrap:sentinel:example.com/failopen/confirmlib.ErrDeclined fail=failure"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return fmt.Errorf("asking: %w", err)
	}
	if res.Action != "accept" {
		return fmt.Errorf("user answered %s: %w", res.Action, ErrDeclined)
	}
	return nil
}

// Elicit asks with a deadline: it returns the request's result and error
// as they are.
func Elicit(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want Elicit:"confirmer error=1 bool=-1 decline=nil cancel=nil fail=failure result=0"
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
}

// AskAction returns the answer's action, and the request's error.
func AskAction(ctx context.Context, ss *mcp.ServerSession, msg string) (string, error) { // want AskAction:"confirmer error=1 bool=-1 decline=nil cancel=nil fail=failure action=0"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return "", err
	}
	return res.Action, nil
}

// Decision is what Decide makes of an answer.
type Decision int

const (
	Unknown Decision = iota
	Allow
	Deny
)

// Decide asks and tells the answer as a Decision: Unknown when the
// request fails.
func Decide(ctx context.Context, ss *mcp.ServerSession, msg string) Decision { // want Decide:"confirmer value=0 accept=3:1 decline=3:2 cancel=3:2 fail=3:0"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return Unknown
	}
	if res.Action == "accept" {
		return Allow
	}
	return Deny
}

// AskSoft's deferred function clears every error but a decline from its
// named result: what it returns is not what its return statements say,
// so it carries no fact.
func AskSoft(ctx context.Context, ss *mcp.ServerSession, msg string) (err error) {
	defer func() {
		if err != nil && !errors.Is(err, ErrDeclined) {
			err = nil
		}
	}()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}
