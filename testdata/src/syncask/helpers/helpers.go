// Package helpers asks on a session that its callers pass in.
package helpers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirm asks the user to confirm.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	return confirm(ctx, ss, msg)
}

func confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg}) // want `^ServerSession.Elicit fails`
	return err == nil && res.Action == "accept", err
}
