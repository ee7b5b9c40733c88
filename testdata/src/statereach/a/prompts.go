package a

// Resolver-based prompts and resources: the runtime owns their request
// state as it owns a tool's.

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Repo struct {
	Name string `json:"name"`
}

// branchOf is a plain resolver of a prompt; it is one only because
// AddPrompt registers it.
func branchOf(ctx context.Context, req *mcp.GetPromptRequest) (string, error) {
	return req.Params.RequestState, nil // want `^resolver branchOf reads req.Params.RequestState outside the elicit path`
}

func repoOf(ctx context.Context, req *mcp.GetPromptRequest, branch string) (Repo, error) {
	return Repo{Name: req.Params.Arguments["repo"] + "@" + branch}, nil
}

func renderReview(ctx context.Context, req *mcp.GetPromptRequest, r Repo) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Description: r.Name}, nil
}

func readRepo(ctx context.Context, req *mcp.ReadResourceRequest, r Repo) (*mcp.ReadResourceResult, error) {
	if len(req.Params.InputResponses) > 0 { // want `^handler readRepo reads req.Params.InputResponses outside the elicit path`
		return nil, nil
	}
	return &mcp.ReadResourceResult{}, nil
}

func askRepoName(ctx context.Context) (Repo, error) { return Repo{}, nil }

func registerPrompts(s *mcp.Server) {
	resolve.AddPrompt(s, &mcp.Prompt{Name: "review"}, renderReview, repoOf, branchOf)
	resolve.AddResource(s, &mcp.Resource{URI: "repo://current"}, readRepo, askRepoName)
}
