// Package chain asks through another package's helper, which asks on the
// session it is passed: the helper's package cannot know its callers, so
// the request is reported here, at the call that passes a session a
// modern request can bring, naming the SDK call it reaches.
package chain

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/syncask/helpers"
)

func deleteTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ok, err := helpers.Confirm(ctx, req.Session, "delete?"); err != nil || !ok { // want `^helpers.Confirm sends ServerSession.Elicit \(in helpers.confirm\) on the session passed here: ServerSession.Elicit fails on sessions at protocol 2026-07-28`
		return nil, errors.New("not confirmed")
	}
	return &mcp.CallToolResult{}, nil
}

// guardedTool passes the session only on legacy sessions.
func guardedTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.ProtocolVersion() >= "2026-07-28" {
		return &mcp.CallToolResult{}, nil // would return InputRequests
	}
	if ok, err := helpers.Confirm(ctx, req.Session, "delete?"); err != nil || !ok {
		return nil, errors.New("not confirmed")
	}
	return &mcp.CallToolResult{}, nil
}

// confirmVia passes its own parameter on: its callers decide, here in the
// package, and every one of them checks the version first.
func confirmVia(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := helpers.Confirm(ctx, ss, "sure?")
	return err
}

func legacyOnly(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if v := req.ProtocolVersion(); v < "2026-07-28" {
		return nil, confirmVia(ctx, req.Session)
	}
	return &mcp.CallToolResult{}, nil
}

var _ = []any{deleteTool, guardedTool, legacyOnly}
