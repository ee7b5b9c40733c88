// Package mcpgo asks through mcp-go, without any version check.
package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type tools struct{ s *server.MCPServer }

func (t *tools) deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^MCPServer.RequestElicitation fails on sessions at protocol 2026-07-28 or later: mcp-go returns ErrServerInitiatedRequestUnsupported there; return InputRequests`
		return nil, err
	}
	if _, err := t.s.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil { // want `^MCPServer.RequestSampling fails`
		return nil, err
	}
	if _, err := t.s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `^MCPServer.RequestRoots fails`
		return nil, err
	}
	session := server.ClientSessionFromContext(ctx)
	if _, err := t.s.RequestURLElicitation(ctx, session, "id", "https://example.com", "log in"); err != nil { // want `^MCPServer.RequestURLElicitation fails`
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

// direct sends on the session itself, which mcp-go does whatever the
// version.
func direct(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
		if _, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^SessionWithElicitation.RequestElicitation sends a server-to-client request whatever the protocol version`
			return nil, err
		}
	}
	if ss, ok := server.ClientSessionFromContext(ctx).(server.SessionWithSampling); ok {
		if _, err := ss.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil { // want `^SessionWithSampling.RequestSampling sends`
			return nil, err
		}
	}
	if rs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots); ok {
		if _, err := rs.ListRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `^SessionWithRoots.ListRoots sends`
			return nil, err
		}
	}
	return mcp.NewToolResultText("ok"), nil
}

func register() *server.MCPServer {
	s := server.NewMCPServer("s", "1")
	t := &tools{s}
	s.AddTool(mcp.NewTool("deploy"), t.deploy)
	s.AddTool(mcp.NewTool("direct"), direct)
	return s
}
