// Package guarded distinguishes protocol versions: it asks only on legacy
// sessions, except in the handlers that forgot.
package guarded

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const modern = "2026-07-28"

// early returns before asking on modern sessions.
func early(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Session.InitializeParams().ProtocolVersion >= modern {
		return &mcp.CallToolResult{}, nil // would return InputRequests
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	return nil, err
}

// branch asks inside the legacy branch, the version in a variable.
func branch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v := req.ProtocolVersion()
	if v < "2026-07-28" {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// isLegacy is a helper returning the comparison.
func isLegacy(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	return p != nil && p.ProtocolVersion < modern
}

func helper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !isLegacy(req.Session) {
		return &mcp.CallToolResult{}, nil
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	return nil, err
}

// switched switches on the version.
func switched(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.ProtocolVersion() {
	case "2025-06-18", "2025-11-25":
		_, err := req.Session.ListRoots(ctx, nil)
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

type promptKey struct{}

// prompter is handed the session only on legacy sessions, by the
// middleware below; tools call it through an interface.
type prompter struct{ ss *mcp.ServerSession }

func (p *prompter) Confirm(ctx context.Context, msg string) (bool, error) {
	res, err := p.ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	return err == nil && res.Action == "accept", err
}

func middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if ss, ok := req.GetSession().(*mcp.ServerSession); ok && ss.InitializeParams().ProtocolVersion < modern {
			ctx = context.WithValue(ctx, promptKey{}, &prompter{ss})
		}
		return next(ctx, method, req)
	}
}

// fromContext asks on a session taken from the context with no check:
// it is used as a value, so whoever calls it may be serving a modern
// request. That the package checks versions elsewhere says nothing here.
func fromContext(ctx context.Context) error {
	ss, _ := ctx.Value(promptKey{}).(*mcp.ServerSession)
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
	return err
}

// forgot asks unguarded in a handler: reported although the package checks
// versions elsewhere.
func forgot(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := confirm(ctx, req.Session); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// confirm is reached, unguarded, from the handler forgot.
func confirm(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
	return err
}

// literal is a handler written as a function literal.
var literal = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{}) // want `^ServerSession.CreateMessage fails`
	return nil, err
}

var _ = []any{early, branch, helper, switched, middleware, fromContext, forgot, literal}
