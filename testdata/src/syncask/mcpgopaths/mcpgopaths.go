package mcpgopaths // want package:"legacyOptIn"

// Package mcpgopaths builds two mcp-go servers, one with the legacy
// opt-in (for stdio) and one without (for HTTP): the opt-in is per server.

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/syncask/samplerlib"
)

func serve() (stdio, http *server.MCPServer) {
	hooks := &server.Hooks{}
	stdio = server.NewMCPServer("stdio", "1", server.WithLegacyServerInitiatedRequests())
	http = server.NewMCPServer("http", "1", server.WithHooks(hooks))

	stdio.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := stdio.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil {
			return nil, err
		}
		if _, err := server.ServerFromContext(ctx).RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil {
			return nil, err
		}
		_, err := samplerlib.Summarize(ctx, stdio)
		return nil, err
	})
	http.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := http.RequestElicitation(ctx, mcp.ElicitationRequest{}); err != nil { // want `^MCPServer.RequestElicitation fails on sessions at protocol 2026-07-28 or later: mcp-go returns`
			return nil, err
		}
		if _, err := server.ServerFromContext(ctx).RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil { // want `^MCPServer.RequestSampling fails`
			return nil, err
		}
		_, err := samplerlib.Summarize(ctx, http) // want `^samplerlib.Summarize sends MCPServer.RequestSampling on the session passed here: MCPServer.RequestSampling fails`
		return nil, err
	})

	// Only sessions before 2026-07-28 initialize, or tell that their
	// roots changed: these requests never meet a modern session.
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		go requestRoots(ctx, http)
	})
	http.AddNotificationHandler(string(mcp.MethodNotificationRootsListChanged), func(ctx context.Context, notification mcp.JSONRPCNotification) {
		go requestRoots(ctx, http)
	})
	return stdio, http
}

func requestRoots(ctx context.Context, s *server.MCPServer) {
	if _, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil {
		log.Print(err)
	}
}

// connectUpstream initializes this package's own client of another
// server: setting the version it asks for is no check.
func connectUpstream(ctx context.Context, c *client.Client) error {
	initRequest := mcp.InitializeRequest{}
	initRequest.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	_, err := c.Initialize(ctx, initRequest)
	return err
}

type tools struct{ s *server.MCPServer }

// deploy is a method handler on the HTTP server, asking through a field.
func (t *tools) deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := t.s.RequestSampling(ctx, mcp.CreateMessageRequest{}); err != nil { // want `^MCPServer.RequestSampling fails`
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func register() {
	_, http := serve()
	t := &tools{s: http}
	http.AddTool(mcp.NewTool("deploy"), t.deploy)
}

var _ = []any{register, connectUpstream}
