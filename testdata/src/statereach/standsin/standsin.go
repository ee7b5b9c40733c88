// Package standsin carries one constant request state and acts on it
// without reading the answer: the state says "I asked", and the handler
// takes it for "the user said yes", so a decline cancels the order too
// (the demo's cancelOrder shape).
package standsin

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func cancelOrder(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "confirmed" { // want `^cancelOrder compares req.Params.RequestState with "confirmed", the one request state the package's results carry, and reads no answer: every client is given that state in its first round, whatever the user answers, so it confirms nothing`
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Cancel the order?"}},
		RequestState:  "confirmed",
	}, nil, nil
}

func cancelMCPGo(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	switch req.Params.RequestState { // want `^cancelMCPGo switches on req.Params.RequestState, the one request state`
	case "confirmed":
		return mcpgo.NewToolResultText("cancelled"), nil
	}
	return server.NewInputRequestBuilder("confirmed").
		Elicit("confirm", mcpgo.ElicitationParams{Message: "Cancel the order?"}).
		ToolResult(), nil
}
