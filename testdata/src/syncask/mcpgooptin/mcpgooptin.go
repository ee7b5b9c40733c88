package mcpgooptin // want package:"legacyOptIn"

// Package mcpgooptin builds its server with the legacy opt-in: mcp-go
// keeps MCPServer's requests working, but not the session's own.

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var s = server.NewMCPServer("s", "1", server.WithLegacyServerInitiatedRequests())

func deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil {
		return nil, err
	}
	if es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
		if _, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^SessionWithElicitation.RequestElicitation sends`
			return nil, err
		}
	}
	return mcp.NewToolResultText("ok"), nil
}

var _ = deploy
