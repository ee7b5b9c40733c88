// Package confirm holds the elicitation helpers shared by every tool that
// changes or destroys something on behalf of the user.
package confirm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Field is the name of the checkbox in our standard confirmation form.
const Field = "confirm"

var (
	// ErrDeclined means the user said no (or left the confirm box unticked).
	ErrDeclined = errors.New("confirm: declined by user")
	// ErrCancelled means the user dismissed the dialog without choosing.
	ErrCancelled = errors.New("confirm: cancelled by user")
	// ErrNoAnswer means a multi-round retry carried no answer for our key.
	ErrNoAnswer = errors.New("confirm: no answer for input request")
	// ErrMalformed means the answer was accepted but its content did not match
	// the schema we asked for.
	ErrMalformed = errors.New("confirm: malformed elicitation content")
)

// Schema is the requested schema of the standard yes/no form: one required
// boolean checkbox.
func Schema(description string) map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			Field: map[string]any{
				"type":        "boolean",
				"description": description,
				"default":     false,
			},
		},
		"required": []string{Field},
	}
}

// EmptySchema is used for "are you sure?" dialogs where pressing Accept is the
// whole answer.
func EmptySchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{}}
}

// Params builds the form params of the standard yes/no confirmation.
func Params(message string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Mode:            mcp.ElicitationModeForm,
		Message:         message,
		RequestedSchema: Schema("Tick to confirm"),
	}
}

// Request wraps Params for the legacy server-initiated API.
func Request(message string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  Params(message),
	}
}

// Accepted reports whether the user pressed Accept.
func Accepted(res *mcp.ElicitationResult) bool {
	return res != nil && res.Action == mcp.ElicitationResponseActionAccept
}

// UserSaidNo reports whether the user explicitly refused. A cancelled dialog
// is not a refusal; callers that need "anything but yes" want Accepted.
func UserSaidNo(res *mcp.ElicitationResult) bool {
	return res != nil && res.Action == mcp.ElicitationResponseActionDecline
}

// Checked reports whether the confirm checkbox in the answer is ticked.
func Checked(res *mcp.ElicitationResult) bool {
	if res == nil {
		return false
	}
	content, ok := res.Content.(map[string]any)
	if !ok {
		return false
	}
	v, _ := content[Field].(bool)
	return v
}

// StringField returns a trimmed string field of the answer's content.
func StringField(res *mcp.ElicitationResult, key string) (string, bool) {
	if res == nil {
		return "", false
	}
	content, ok := res.Content.(map[string]any)
	if !ok {
		return "", false
	}
	s, ok := content[key].(string)
	if !ok {
		return "", false
	}
	return strings.TrimSpace(s), true
}

// Ask sends the standard yes/no form and reports whether the user accepted and
// ticked the box. A non-nil error means the question could not be asked.
func Ask(ctx context.Context, srv *server.MCPServer, message string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, Request(message))
	if err != nil {
		return false, fmt.Errorf("confirm: elicitation failed: %w", err)
	}
	return Accepted(res) && Checked(res), nil
}

// Require is Ask in error form: it returns nil only when the user accepted
// and ticked the box. A refusal is ErrDeclined or ErrCancelled; any other
// error means the question never reached the user.
func Require(ctx context.Context, srv *server.MCPServer, message string) error {
	res, err := srv.RequestElicitation(ctx, Request(message))
	if err != nil {
		return fmt.Errorf("confirm: elicitation failed: %w", err)
	}
	if res == nil {
		return errors.New("confirm: empty elicitation result")
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !Checked(res) {
			return ErrDeclined
		}
		return nil
	case mcp.ElicitationResponseActionDecline:
		return ErrDeclined
	case mcp.ElicitationResponseActionCancel:
		return ErrCancelled
	default:
		return fmt.Errorf("confirm: unexpected action %q", res.Action)
	}
}

// TimeoutPolicy says what AskWithin does when the user does not answer in time.
type TimeoutPolicy int

const (
	// AbortOnTimeout reports the timeout as an error.
	AbortOnTimeout TimeoutPolicy = iota
	// ProceedOnTimeout treats silence as consent. Meant for low-risk
	// operations run from unattended sessions.
	ProceedOnTimeout
)

// AskWithin is Ask with a deadline on the user's answer.
func AskWithin(ctx context.Context, srv *server.MCPServer, message string, d time.Duration, policy TimeoutPolicy) (bool, error) {
	askCtx, cancel := context.WithTimeout(ctx, d)
	defer cancel()

	ok, err := Ask(askCtx, srv, message) // probe:cause timeout-as-consent: ProceedOnTimeout returns (true, nil) on a timeout; queue.go trusts it
	if err != nil {
		if policy == ProceedOnTimeout && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return true, nil
		}
		return false, err
	}
	return ok, nil
}
