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

// allowed counts two particular errors as yes: the same return is reached
// on both edges of the "or", and the fix edits it once.
func allowed(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `returns true, as when the user accepts`
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return true, nil
		}
		return false, errors.New("elicitation failed")
	}
	if res.Action != "accept" {
		return false, nil
	}
	return true, nil
}

// granted is the package's predicate.
func granted(res *mcp.ElicitResult) bool { return res.Action == "accept" } // want granted:"predicate param=0 result=0 accept=true decline=false cancel=false fail=\\?"

// allowedVia decides with the predicate; the decline's return is the
// model of the fix.
func allowedVia(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want allowedVia:"confirmer error=1 bool=0 decline=sentinel:example.com/failopen/fix.errDeclined cancel=sentinel:example.com/failopen/fix.errDeclined fail=nil bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `returns true, as when the user accepts`
	if err != nil {
		return true, nil
	}
	if !granted(res) {
		return false, errDeclined
	}
	return true, nil
}
