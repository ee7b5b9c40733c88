// Package helpers asks on a session that its callers pass in: its
// callers, in other packages, decide whether that session can be a modern
// one, so it reports nothing itself and exports the fact SessionAsk.
package helpers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirm asks the user to confirm.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`sessionAsk\(1: ServerSession.Elicit\)`
	return confirm(ctx, ss, msg)
}

func confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	return err == nil && res.Action == "accept", err
}
