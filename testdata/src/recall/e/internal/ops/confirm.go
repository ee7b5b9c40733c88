package ops

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmSchema is the one-checkbox form every confirmation shows.
var confirmSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"confirm": {Type: "boolean", Description: "Tick to confirm"},
	},
	Required: []string{"confirm"},
}

// typedNameSchema asks the user to type the resource's name.
var typedNameSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"name": {Type: "string", Description: "Type the name to confirm"},
	},
}

func confirmParams(message string) *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: message, RequestedSchema: confirmSchema}
}

func typedNameParams(name string) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message:         fmt.Sprintf("This cannot be undone. Type %q to confirm.", name),
		RequestedSchema: typedNameSchema,
	}
}

// ticked reports whether the user accepted and ticked the box.
func ticked(res *mcp.ElicitResult) bool {
	return res != nil && res.Action == "accept" && res.Content["confirm"] == true
}

// typedName reports whether the user accepted and typed want.
func typedName(res *mcp.ElicitResult, want string) bool {
	if res == nil || res.Action != "accept" {
		return false
	}
	got, _ := res.Content["name"].(string)
	return got == want
}

// confirmBox asks and reports whether the box was ticked. A client that
// cannot be asked is not held against the caller.
func confirmBox(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:cause failopen-error: a failed request counts as a ticked box
	if err != nil {
		return true, nil
	}
	return ticked(res), nil
}

// confirmBoxStrict asks and reports whether the box was ticked.
func confirmBoxStrict(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:ok
	if err != nil {
		return false, err
	}
	return ticked(res), nil
}

// approve asks and returns the answer with the request's error; a caller
// that wants to go ahead when the client cannot ask can do so.
func approve(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:cause failopen-error: returns true together with the error
	if err != nil {
		return true, fmt.Errorf("asking for confirmation: %w", err)
	}
	return ticked(res), nil
}

// verdict is the outcome of a confirmation.
type verdict int

const (
	Unknown verdict = iota
	Allow
	Deny
)

// decide turns an answer into a verdict: a failed request is Unknown.
func decide(res *mcp.ElicitResult, err error) verdict {
	switch {
	case err != nil:
		return Unknown
	case ticked(res):
		return Allow
	default:
		return Deny
	}
}

// errNotConfirmed is returned by ask when the user did not confirm.
var errNotConfirmed = errors.New("not confirmed")

// ask returns nil when the user ticked the box, errNotConfirmed when they
// answered otherwise, and the request's error when they could not answer.
func ask(ctx context.Context, ss *mcp.ServerSession, message string) error {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:ok
	if err != nil {
		return fmt.Errorf("confirmation request: %w", err)
	}
	if !ticked(res) {
		return errNotConfirmed
	}
	return nil
}

// refusal is returned by askAction when the user answered anything but a
// ticked box.
type refusal struct{ action string }

func (r *refusal) Error() string { return "user answered " + r.action }

func askAction(ctx context.Context, ss *mcp.ServerSession, message string) error {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:ok
	if err != nil {
		return err
	}
	if !ticked(res) {
		return &refusal{action: res.Action}
	}
	return nil
}

// errRefused is what mustConfirm panics with; the tools recover it.
var errRefused = errors.New("refused")

// mustConfirm panics with errRefused unless the user ticked the box. An
// unreachable client is logged, not fatal.
func mustConfirm(ctx context.Context, ss *mcp.ServerSession, message string) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:cause failopen-error: a failed request neither panics nor stops
	if err != nil {
		return
	}
	if !ticked(res) {
		panic(errRefused)
	}
}

// mustConfirmStrict panics with errRefused unless the user ticked the box.
func mustConfirmStrict(ctx context.Context, ss *mcp.ServerSession, message string) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:ok
	if err != nil || !ticked(res) {
		panic(errRefused)
	}
}

// Confirmer asks the user to confirm an operation.
type Confirmer interface {
	Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)
}

// elicitConfirmer confirms with a checkbox.
type elicitConfirmer struct{}

func (elicitConfirmer) Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:ok
	if err != nil {
		return false, err
	}
	return ticked(res), nil
}

// lenientConfirmer only stops on an explicit "no".
type lenientConfirmer struct{}

func (lenientConfirmer) Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(message)) // probe:cause failopen-cancel: only a decline stops; cancel, unticked and failures confirm
	if err != nil {
		return true, nil
	}
	return res.Action != "decline", nil
}
