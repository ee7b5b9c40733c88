// Package hookmethod asks for the client's roots after initialize from a
// method registered as a method value: only sessions before 2026-07-28
// initialize, so the request never meets a modern session, as with the
// same hook written as a function literal. The tool handler, a method
// value too, is reported.
package hookmethod

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type gate struct{ s *server.MCPServer }

func (g *gate) afterInit(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if _, err := g.s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil {
		log.Print(err)
	}
}

func (g *gate) rootsChanged(ctx context.Context, notification mcp.JSONRPCNotification) {
	if _, err := g.s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil {
		log.Print(err)
	}
}

func (g *gate) tool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := g.s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `^MCPServer.RequestRoots fails`
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func serve() *server.MCPServer {
	hooks := &server.Hooks{}
	g := &gate{}
	g.s = server.NewMCPServer("hooks", "1", server.WithHooks(hooks))
	hooks.AddAfterInitialize(g.afterInit)
	g.s.AddNotificationHandler("notifications/roots/list_changed", g.rootsChanged)
	g.s.AddTool(mcp.NewTool("roots"), g.tool)
	return g.s
}

var _ = serve
