package mcpgodeep // want package:"legacyOptIn"

// Package mcpgodeep hands its servers down two calls before a handler
// captures one or a field keeps it: the callers are followed up to where
// each server is built, with the legacy opt-in or without.

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func NewServer() *server.MCPServer {
	s := server.NewMCPServer("s", "1")
	s.AddTools(askTool(s))
	s.AddTool(mcp.NewTool("confirm"), newConfirmer(s).confirm)
	return s
}

func NewLegacyServer() *server.MCPServer {
	s := server.NewMCPServer("s", "1", server.WithLegacyServerInitiatedRequests())
	s.AddTools(legacyTool(s))
	s.AddTool(mcp.NewTool("confirm"), newConfirmer2(s).confirm)
	return s
}

func askTool(s *server.MCPServer) server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("ask"), Handler: handleAsk(s)}
}

func handleAsk(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^MCPServer.RequestElicitation fails on sessions at protocol 2026-07-28 or later`
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	}
}

// legacyTool's server is built with the opt-in, two calls up.
func legacyTool(s *server.MCPServer) server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("legacy"), Handler: handleLegacy(s)}
}

func handleLegacy(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	}
}

type confirmer struct{ s *server.MCPServer }

func newConfirmer(s *server.MCPServer) *confirmer { return build(s) }

func build(s *server.MCPServer) *confirmer { return &confirmer{s: s} }

func (c *confirmer) confirm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := c.s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^MCPServer.RequestElicitation fails`
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

// confirmer2 holds only servers built with the opt-in, two calls up.
type confirmer2 struct{ s *server.MCPServer }

func newConfirmer2(s *server.MCPServer) *confirmer2 { return build2(s) }

func build2(s *server.MCPServer) *confirmer2 { return &confirmer2{s: s} }

func (c *confirmer2) confirm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := c.s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}
