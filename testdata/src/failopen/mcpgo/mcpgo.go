// Package mcpgo confirms with mcp-go's RequestElicitation.
package mcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errDeclined = errors.New("declined")

// approve fails open: an error approves.
func approve(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "approve?"}}) // want `^when MCPServer.RequestElicitation fails, mcpgo.approve returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// approveClosed fails closed.
func approveClosed(ctx context.Context, s *server.MCPServer) error { // want approveClosed:"confirmer error=0 bool=-1"
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "approve?"}})
	if err != nil {
		return errDeclined
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

func deploy() {}

// deployTool deploys unless the user declines; a failed request deploys.
func deployTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	res, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when SessionWithElicitation.RequestElicitation fails, mcpgo.deployTool goes on into the code that only acceptance reaches`
	if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("not deployed"), nil
	}
	deploy()
	return mcp.NewToolResultText("deployed"), nil
}
