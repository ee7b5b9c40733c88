// Package mcpgoungated asks its client without reading what it declared,
// on mcp-go: with the builder and with the map.
package mcpgoungated

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "confirm") != nil {
		return mcp.NewToolResultText("deployed"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("confirm", mcp.ElicitationParams{Message: "Deploy?"}). // want `mcpgoungated.deploy sends an elicitation input request without checking that the client declared elicitation`
		Sample("plan", mcp.CreateMessageParams{MaxTokens: 50}).       // want `mcpgoungated.deploy sends a sampling input request without checking that the client declared sampling`
		ToolResult(), nil
}

func review(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
		InputRequests: mcp.InputRequests{"roots": mcp.NewRootsInputRequest()}, // want `mcpgoungated.review sends a roots input request without checking that the client declared roots`
	}}, nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deploy"), deploy)
	s.AddTool(mcp.NewTool("review"), review)
}

// A handler registered as a method value, asking through the builder.
type api struct{}

func (api) purge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return server.NewInputRequestBuilder("").Roots("where").ToolResult(), nil // want `mcpgoungated.api.purge sends a roots input request without checking that the client declared roots`
}

func RegisterAPI(s *server.MCPServer) {
	var a api
	s.AddTool(mcp.NewTool("purge"), a.purge)
}
