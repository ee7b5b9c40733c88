// Package gated asks only what the client declared: each handler reads // want package:`readsCapabilities\(elicitation, roots, sampling\)`
// the capability before it asks (go-sdk).
package gated

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

var errNoElicitation = &mcp.CallToolResult{IsError: true}

// confirm reads the capability from the session's initialize parameters.
func confirm(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if req.Session.InitializeParams().Capabilities.Elicitation == nil {
		return errNoElicitation, nil, nil
	}
	if _, ok := req.Params.InputResponses["confirm"]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"confirm": &mcp.ElicitParams{Message: "Delete " + in.Path + "?"},
	}}, nil, nil
}

// summarize reads it from the request.
func summarize(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return errNoElicitation, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"summary": &mcp.CreateMessageWithToolsParams{MaxTokens: 100},
	}}, nil, nil
}

// roots checks the newer roots capability.
func roots(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if req.ClientCapabilities().RootsV2 == nil {
		return errNoElicitation, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, summarize)
	mcp.AddTool(s, &mcp.Tool{Name: "roots"}, roots)
}
