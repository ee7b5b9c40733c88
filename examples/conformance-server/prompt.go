package main

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The prompt of the non-tool-request scenario. It is served by a resolver,
// as the tools are: askContext asks its one question, and the runtime
// drives the two rounds and seals requestState for prompts/get, this
// prompt's name and its arguments.
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

func renderPrompt(ctx context.Context, req *mcp.GetPromptRequest, c userContext) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{
		Description: "A prompt rendered with the context the user gave",
		Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.TextContent{Text: "Context: " + c.Context}},
		},
	}, nil
}

func addPrompt(rt *resolve.Runtime, s *mcp.Server) error {
	return rt.AddPrompt(s, &mcp.Prompt{
		Name:        promptName,
		Description: "A prompt that asks the user for its context before it renders.",
	}, renderPrompt, askContext)
}
