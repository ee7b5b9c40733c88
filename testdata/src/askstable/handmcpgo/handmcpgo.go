// Package handmcpgo writes mcp-go's multi-round flow by hand, with
// server.NewInputRequestBuilder, and reads the answers back with
// server.ElicitationResponse.
package handmcpgo

import (
	"context"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const confirmKey = "confirm"

// deploy is mcp-go's example: a constant key, the state carrying the
// environment.
func deploy(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if answer := server.ElicitationResponse(request.Params.InputResponses, confirmKey); answer != nil {
		return mcp.NewToolResultText("deployed to " + request.Params.RequestState), nil
	}
	return server.NewInputRequestBuilder("env=prod").
		Elicit(confirmKey, mcp.ElicitationParams{Message: "Deploy at " + time.Now().String() + "?"}).
		ToolResult(), nil
}

// carried hands the generated key back in the request state.
func carried(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if id := request.Params.RequestState; id != "" {
		if answer := server.ElicitationResponse(request.Params.InputResponses, id); answer != nil {
			return mcp.NewToolResultText("done"), nil
		}
	}
	id := uuid.NewString()
	return server.NewInputRequestBuilder(id).
		Elicit(id, mcp.ElicitationParams{Message: "sure?"}).
		ToolResult(), nil
}

// fresh asks under a new key every round.
func fresh(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key := "confirm-" + strconv.FormatInt(time.Now().Unix(), 10)
	if answer := server.ElicitationResponse(request.Params.InputResponses, key); answer != nil {
		return mcp.NewToolResultText("done"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit(key, mcp.ElicitationParams{Message: "sure?"}). // want `^the input request's key depends on time.Now`
		ToolResult(), nil
}

// resource asks for the roots under a generated key.
func resource(_ context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	if server.RootsResponse(request.Params.InputResponses, "roots") != nil {
		return nil, nil
	}
	_ = server.NewInputRequestBuilder("").Roots(uuid.New().String()).ResourceResult() // want `^the input request's key depends on`
	return nil, nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deploy"), deploy)
	s.AddTool(mcp.NewTool("carried"), carried)
	s.AddTool(mcp.NewTool("fresh"), fresh)
	s.AddResource(mcp.NewResource("r://x", "x"), resource)
}
