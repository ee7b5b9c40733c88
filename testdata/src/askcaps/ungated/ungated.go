// Package ungated asks its client without reading what it declared.
package ungated

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

func remove(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && res.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"confirm": &mcp.ElicitParams{Message: "Delete " + in.Path + "?"}, // want `ungated.remove sends an elicitation input request without checking that the client declared elicitation`
	}}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "remove"}, remove)
	// A handler written in place, asking for the client's roots.
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["roots"]; ok {
			return &mcp.CallToolResult{}, nil, nil
		}
		res := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}
		res.InputRequests["roots"] = &mcp.ListRootsParams{} // want `func literal in ungated.Register sends a roots input request without checking that the client declared roots`
		return res, nil, nil
	})
	s.AddPrompt(&mcp.Prompt{Name: "summary"}, summaryPrompt)
	mcp.AddTool(s, &mcp.Tool{Name: "touch"}, touch)
}

func touch(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["sure"]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return question(in.Path), nil, nil
}

// question is a handler's helper: it has no request of its own, and its
// package registers the handler that sends what it builds.
func question(path string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"sure": &mcp.ElicitParams{Message: "Sure about " + path + "?"}, // want `ungated.question sends an elicitation input request without checking`
	}}
}

// summaryPrompt asks the client's model, in a prompt.
func summaryPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{
		"draft": &mcp.CreateMessageParams{MaxTokens: 200}, // want `ungated.summaryPrompt sends a sampling input request without checking that the client declared sampling`
	}}, nil
}
