// Package confirmlib offers a confirmation helper to other packages.
package confirmlib

import (
	"context"
	"errors"

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
