// Package fix holds the failures whose suggested fix returns the decline
// outcome.
package fix

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errDeclined = errors.New("declined")

func cancelled(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// check returns nil to go ahead.
func check(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// confirm returns nil to go ahead, a result to return otherwise.
func confirm(ctx context.Context, ss *mcp.ServerSession, what string) *mcp.CallToolResult {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: what}) // want `returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return cancelled("Operation canceled by user.")
	}
	return nil
}

// confirmLocal declines with a local value: no fix.
func confirmLocal(ctx context.Context, ss *mcp.ServerSession, what string) *mcp.CallToolResult {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: what}) // want `returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return cancelled("kept " + what)
	}
	return nil
}
