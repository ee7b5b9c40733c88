// Package samplerlib samples through an interface that mcp-go's
// *server.MCPServer implements, on the server its callers pass: they
// decide, in their package.
package samplerlib

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Sampler is implemented by *server.MCPServer.
type Sampler interface {
	RequestSampling(ctx context.Context, request mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error)
}

// Summarize asks the client's model for a summary.
func Summarize(ctx context.Context, s Sampler) (string, error) { // want Summarize:`sessionAsk\(1: MCPServer.RequestSampling\)`
	res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{})
	if err != nil {
		return "", err
	}
	return res.Model, nil
}
