// Package rootsanswer asks for the client's roots and reads the answer's
// Roots field: a field of the answer, not of the client's capabilities,
// so the package never checks what the client declared (the
// ai-code-provenance shape).
package rootsanswer

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

func workspace(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if v, ok := req.Params.InputResponses["workspace"]; ok {
		if lr, ok := v.(*mcp.ListRootsResult); !ok || len(lr.Roots) == 0 {
			return &mcp.CallToolResult{IsError: true}, nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"workspace": &mcp.ListRootsParams{}, // want `rootsanswer.workspace sends a roots input request without checking that the client declared roots`
	}}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "workspace"}, workspace)
}
