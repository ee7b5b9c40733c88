package a

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Repo struct {
	Name string `json:"name"`
}

func askRepo(ctx context.Context) (resolve.Elicit[Repo], error) {
	return resolve.Ask[Repo]("Which?"), nil
}

// A prompt's or resource's handler always returns go-sdk's result type, so
// registration cannot reject it by type; what the handler builds is what
// it returns.
func mixedPrompt(ctx context.Context, req *mcp.GetPromptRequest, r Repo) (*mcp.GetPromptResult, error) { // want mixedPrompt:`buildsInputRequired\(sets mcp.GetPromptResult.RequestState in a.mixedPrompt\)`
	return &mcp.GetPromptResult{RequestState: "mine"}, nil // want `^prompt "mixed": handler a\.mixedPrompt has resolved parameters but sets mcp\.GetPromptResult\.RequestState, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler$`
}

func mixedResource(ctx context.Context, req *mcp.ReadResourceRequest, r Repo) (*mcp.ReadResourceResult, error) { // want mixedResource:`buildsInputRequired\(assigns mcp.ReadResourceResult.InputRequests in a.mixedResource\)`
	res := &mcp.ReadResourceResult{}
	res.InputRequests = mcp.InputRequestMap{} // want `^resource "res://\{x\}": handler a\.mixedResource has resolved parameters but assigns mcp\.ReadResourceResult\.InputRequests`
	return res, nil
}

// Without resolved parameters, the handler may drive the flow itself.
func ownPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) { // want ownPrompt:`buildsInputRequired`
	return &mcp.GetPromptResult{RequestState: "mine"}, nil
}

// A resolved prompt that builds no input-required result is fine.
func cleanPrompt(ctx context.Context, req *mcp.GetPromptRequest, r Repo) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Description: r.Name}, nil
}

func registerPrompts(s *mcp.Server, rt *resolve.Runtime) {
	resolve.AddPrompt(s, &mcp.Prompt{Name: "mixed"}, mixedPrompt, askRepo)
	rt.AddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "res://{x}"}, mixedResource, askRepo)
	resolve.AddPrompt(s, &mcp.Prompt{Name: "own"}, ownPrompt)
	resolve.AddPrompt(s, &mcp.Prompt{Name: "clean"}, cleanPrompt, askRepo)
}
