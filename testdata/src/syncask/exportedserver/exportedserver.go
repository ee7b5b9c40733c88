// Package exportedserver wraps an mcp-go server that its users put in an
// exported field, as hairglasses-studio/mcpkit's sampling helper does: the
// package never fills the field and builds no server with the legacy
// opt-in, so the server is one the package does not build, and the
// request is reported.
package exportedserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ServerSamplingClient implements a sampling client on a server.
type ServerSamplingClient struct {
	Server *server.MCPServer
}

// CreateMessage sends a sampling request through the server.
func (s *ServerSamplingClient) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return s.Server.RequestSampling(ctx, req) // want `^MCPServer.RequestSampling fails`
}
