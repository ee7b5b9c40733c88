package approval

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MessageFunc renders the confirmation message for a typed tool input.
type MessageFunc[In any] func(In) string

// Guard wraps a typed tool handler so that it only runs after the operator
// confirmed via c. Non-approval is reported to the model as a tool error so it
// can tell the user; infrastructure failures are returned as errors.
func Guard[In, Out any](c Confirmer, msg MessageFunc[In], next mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var zero Out
		if req == nil || req.Session == nil {
			return nil, zero, ErrNoSession
		}
		ok, err := c.Confirm(ctx, req.Session, msg(in)) // probe:ok
		if err != nil {
			return nil, zero, fmt.Errorf("confirmation failed: %w", err)
		}
		if !ok {
			return Refused("operator did not confirm"), zero, nil
		}
		return next(ctx, req, in)
	}
}

// Refused builds the tool result returned when an operation was not approved.
func Refused(why string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{&mcp.TextContent{Text: "not performed: " + why}},
	}
}

// Done builds a plain success result.
func Done(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}},
	}
}
