package harness // want package:"legacyOptIn"

// Package harness builds mcp-go servers with the legacy opt-in, as mcp-go's
// mcptest does; it exports the package fact.

import "github.com/mark3labs/mcp-go/server"

// NewServer returns a server that keeps server-to-client requests working.
func NewServer() *server.MCPServer {
	return server.NewMCPServer("harness", "1", server.WithLegacyServerInitiatedRequests())
}
