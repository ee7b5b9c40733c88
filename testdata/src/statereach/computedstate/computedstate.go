// Package computedstate carries a state computed at run time beside a
// constant one: no marker, and a comparison with the constant relies on
// the state.
package computedstate

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func rollback(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "asked" { // want `^rollback compares req.Params.RequestState with "asked" before verifying its integrity`
		return &mcp.CallToolResult{}, nil, nil
	}
	if in.ID == "" {
		return &mcp.CallToolResult{RequestState: "asked", InputRequests: mcp.InputRequestMap{"id": &mcp.ElicitParams{Message: "Which?"}}}, nil, nil
	}
	return &mcp.CallToolResult{RequestState: "rollback:" + in.ID, InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Roll back?"}}}, nil, nil
}
