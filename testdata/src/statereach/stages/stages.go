// Package stages carries two constant request states, one per stage: a
// client given the first can present the second without passing the
// stage between, so a comparison with either relies on the state.
package stages

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func deploy(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "approved" { // want `^deploy compares req.Params.RequestState with "approved" before verifying its integrity`
		return &mcp.CallToolResult{}, nil, nil
	}
	if len(req.Params.InputResponses) > 0 {
		return &mcp.CallToolResult{RequestState: "approved", InputRequests: mcp.InputRequestMap{"why": &mcp.ElicitParams{Message: "Why?"}}}, nil, nil
	}
	return &mcp.CallToolResult{RequestState: "asked", InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Deploy?"}}}, nil, nil
}
