// Package mcpgoguarded asks through mcp-go only on legacy requests.
package mcpgoguarded

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var s = server.NewMCPServer("s", "1")

func deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.IsModernRequest(ctx) {
		return mcp.NewToolResultText("would return InputRequests"), nil
	}
	if _, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func byVersion(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !mcp.IsModernProtocol(server.RequestProtocolVersion(ctx)) {
		if _, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil {
			return nil, err
		}
	}
	return mcp.NewToolResultText("ok"), nil
}

func forgot(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `^MCPServer.RequestRoots fails`
	return nil, err
}

var _ = []any{deploy, byVersion, forgot}
