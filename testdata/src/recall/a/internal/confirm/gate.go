package confirm

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RefusedError is returned by Gate when the user answered but did not accept.
type RefusedError struct {
	Action string // "decline", "cancel", or whatever the client sent
	Op     string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s: not confirmed (user chose %q)", e.Op, e.Action)
}

// Gate asks the user to approve op. It returns nil on accept, a
// *RefusedError when the user answered anything else, and a wrapped error
// when the request itself failed.
func Gate(ctx context.Context, ss *mcp.ServerSession, op, message string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message})
	if err != nil {
		return fmt.Errorf("%s: asking for confirmation: %w", op, err)
	}
	if res.Action != ActionAccept {
		return &RefusedError{Action: res.Action, Op: op}
	}
	return nil
}
