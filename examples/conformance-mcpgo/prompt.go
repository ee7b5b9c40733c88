package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// The prompt of the non-tool-request scenario, served by a resolver as the
// tools are: requestState is sealed for prompts/get, this prompt's name and
// its arguments.
const (
	promptName = "test_input_required_result_prompt"
	contextKey = "user_context" // the wire key of its one question
)

// userContext is the form of the prompt's question: one required string.
type userContext struct {
	Context string `json:"context"`
}

// InputKey names the question as the scenario expects.
func (userContext) InputKey() string { return contextKey }

func askContext(ctx context.Context) (resolve.Elicit[userContext], error) {
	return resolve.Ask[userContext]("What context should the prompt use?"), nil
}

func renderPrompt(ctx context.Context, req mcp.GetPromptRequest, c userContext) (*mcp.GetPromptResult, error) {
	return mcp.NewGetPromptResult("A prompt rendered with the context the user gave",
		[]mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Context: "+c.Context))}), nil
}

func addPrompt(rt *resolve.Runtime, s *server.MCPServer) error {
	return rt.AddPrompt(s, mcp.NewPrompt(promptName,
		mcp.WithPromptDescription("A prompt that asks the user for its context before it renders.")), renderPrompt, askContext)
}
