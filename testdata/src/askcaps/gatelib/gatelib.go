// Package gatelib is a middleware library: Require wraps a handler so // want package:`readsCapabilities\(elicitation\)`
// that it runs only for a client that declared elicitation.
package gatelib

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Require runs next only for a client that declared elicitation.
func Require[In any](next mcp.ToolHandlerFor[In, any]) mcp.ToolHandlerFor[In, any] { // want Require:`checksCapabilities\(\) wraps\(elicitation\)`
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("this tool needs a client that can ask its user")
		}
		return next(ctx, req, in)
	}
}
