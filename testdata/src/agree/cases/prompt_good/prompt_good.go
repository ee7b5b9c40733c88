// Package prompt_good is a case of the agreement corpus: a prompt whose
// resolvers read its arguments from the request and ask one question.
//
//agree:want none
package prompt_good

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Repo struct {
	Name string `json:"name"`
}

func askRepo(ctx context.Context, req *mcp.GetPromptRequest) (resolve.Elicit[Repo], error) {
	if name := req.Params.Arguments["repo"]; name != "" {
		return resolve.Given(Repo{name}), nil
	}
	return resolve.Ask[Repo]("Which repository?"), nil
}

func review(ctx context.Context, req *mcp.GetPromptRequest, r resolve.Outcome[Repo]) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddPrompt(s, &mcp.Prompt{Name: "prompt_good"}, review, askRepo)
}
