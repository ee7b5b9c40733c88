// Package inprocesstest forwards sampling to its client, as azd's MCP
// proxy does; only its test connects a client in process, which says
// nothing of the clients the proxy serves: reported with its package's
// tests in the same unit.
package inprocesstest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Proxy forwards requests to the client of its server.
type Proxy struct{ srv *server.MCPServer }

// SetServer sets the server whose client the proxy asks.
func (p *Proxy) SetServer(s *server.MCPServer) { p.srv = s }

// CreateMessage forwards a sampling request.
func (p *Proxy) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return p.srv.RequestSampling(ctx, req) // want `^MCPServer.RequestSampling fails`
}
