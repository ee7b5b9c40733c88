// Package hooksonly asks for the client's roots only after initialize and
// when the client says its roots changed, as dagger's container-use does:
// only sessions before 2026-07-28 initialize or send that notification,
// so these requests never meet a modern session. Its tool handler asks
// too, and is reported.
package hooksonly

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func requestRoots(ctx context.Context, s *server.MCPServer) {
	if _, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil {
		log.Print(err)
	}
}

func serve() *server.MCPServer {
	hooks := &server.Hooks{}
	s := server.NewMCPServer("hooks", "1", server.WithHooks(hooks))
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		if message.Params.Capabilities.Roots != nil {
			go requestRoots(ctx, s)
		}
	})
	s.AddNotificationHandler(string(mcp.MethodNotificationRootsListChanged), func(ctx context.Context, notification mcp.JSONRPCNotification) {
		go requestRoots(ctx, s)
	})
	s.AddTool(mcp.NewTool("roots"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `^MCPServer.RequestRoots fails`
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
	return s
}

var _ = serve
