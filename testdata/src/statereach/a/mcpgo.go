package a

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// deploy is an mcp-go handler in the style of mcp-go's multi_round_trip
// example.
func deploy(ctx context.Context, request mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if answer := server.ElicitationResponse(request.Params.InputResponses, "confirm"); answer != nil {
		target := strings.TrimPrefix(request.Params.RequestState, "env=") // want `^deploy passes request.Params.RequestState to strings.TrimPrefix before`
		return mcpgo.NewToolResultText(target), nil
	}
	return nil, nil
}
