// Package marker carries one constant request state in every
// input-required result it builds, and compares the state with it to tell
// a retry from a first call (i18n-mcp's prune confirmation): every client
// gets that constant in its first round, so a forged one grants nothing.
package marker

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const awaiting = "awaiting_confirmation"

func ask() *mcp.CallToolResult {
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Prune?"}},
		RequestState:  awaiting,
	}
}

func prune(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask(), nil, nil
	}
	if req.Params.RequestState != awaiting {
		return nil, nil, errors.New("not a reply to the confirmation")
	}
	switch req.Params.RequestState {
	case awaiting, "":
	}
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); !ok || res.Action != "accept" {
		return nil, nil, errors.New("declined")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// askAgain builds a result with no state at all: it carries nothing.
func askAgain() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Prune?"}}, RequestState: ""}
}

// The same marker on mcp-go's builder.
func askMCPGo() *mcpgo.CallToolResult {
	return server.NewInputRequestBuilder(awaiting).
		Elicit("confirm", mcpgo.ElicitationParams{Message: "Prune?"}).
		ToolResult()
}

func pruneMCPGo(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if req.Params.RequestState == awaiting && accepted(req) {
		return mcpgo.NewToolResultText("pruned"), nil
	}
	return askMCPGo(), nil
}

// accepted reads the answer: pruneMCPGo reads it through this helper.
func accepted(req mcpgo.CallToolRequest) bool {
	answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	return answer != nil && answer.Action == mcpgo.ElicitationResponseActionAccept
}
