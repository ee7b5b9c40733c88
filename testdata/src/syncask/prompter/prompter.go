// Package prompter builds its session prompter on both paths, as
// github-mcp-server's OAuth middleware does: on the legacy path to ask
// through it, on the modern path only to read the client's capabilities.
// No request meets a modern session: nothing is reported.
package prompter

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type sessionPrompter struct{ session *mcp.ServerSession }

// Prompt asks; another package calls it through Authenticator.
func (p *sessionPrompter) Prompt(ctx context.Context) error {
	_, err := p.session.Elicit(ctx, &mcp.ElicitParams{Message: "authorize?"})
	return err
}

// CanPrompt only reads the capabilities.
func (p *sessionPrompter) CanPrompt() bool {
	params := p.session.InitializeParams()
	return params != nil && params.Capabilities != nil && params.Capabilities.Elicitation != nil
}

// Authenticator is implemented in another package.
type Authenticator interface {
	Authenticate(ctx context.Context, p interface{ Prompt(context.Context) error }) error
}

// mayInitiate treats a missing session or initialize as legacy: only the
// version comparison decides.
func mayInitiate(ss *mcp.ServerSession) bool {
	if ss == nil {
		return true
	}
	params := ss.InitializeParams()
	return params == nil || params.ProtocolVersion < "2026-07-28"
}

func middleware(auth Authenticator) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if mayInitiate(req.Session) {
			return nil, viaSession(ctx, auth, req)
		}
		return viaResult(req), nil
	}
}

func viaSession(ctx context.Context, auth Authenticator, req *mcp.CallToolRequest) error {
	return auth.Authenticate(ctx, &sessionPrompter{session: req.Session})
}

func viaResult(req *mcp.CallToolRequest) *mcp.CallToolResult {
	p := &sessionPrompter{session: req.Session}
	if p.CanPrompt() {
		return &mcp.CallToolResult{} // would return InputRequests
	}
	return nil
}

var _ = middleware
