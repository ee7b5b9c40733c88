// Package mcpgo registers resolver tools, prompts and resources through the
// runtime's mcp-go binding.
package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Stock struct{ Copies int }

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

type Repo struct {
	Name string `json:"name"`
}

func askRepo(ctx context.Context) (resolve.Elicit[Repo], error) {
	return resolve.Ask[Repo]("Which?"), nil
}

// Declared: mcp-go types that can carry an input-required result, all of
// which embed mcp.MultiRoundTripResult.
type (
	Defined mcp.CallToolResult
	Embeds  struct{ *mcp.InputRequiredResult }
)

func declaredPtr(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (*mcp.CallToolResult, error) {
	return nil, nil
}
func declaredPrompt(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (mcp.GetPromptResult, error) {
	return mcp.GetPromptResult{}, nil
}
func declaredDefined(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (Defined, error) {
	return Defined{}, nil
}
func declaredEmbeds(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (*Embeds, error) {
	return nil, nil
}

// Constructed: a handler whose result is an interface, which builds an
// input-required result with mcp-go's own builder or constructor.
func builds(ctx context.Context, req mcp.CallToolRequest, in In, r Repo) (any, error) { // want builds:`buildsInputRequired\(calls server.InputRequestBuilder.ToolResult in mcpgo.builds\)`
	return server.NewInputRequestBuilder("").Elicit("repo", mcp.ElicitationParams{Message: "Which?"}).ToolResult(), nil // want `^tool "builds": handler mcpgo\.builds has resolved parameters but calls server\.InputRequestBuilder\.ToolResult, which makes its result input-required: a call has one input_required channel`
}

func constructs(ctx context.Context, req mcp.CallToolRequest, in In, r Repo) (any, error) { // want constructs:`buildsInputRequired`
	return mcp.NewInputRequiredResult(nil, "state"), nil // want `^tool "constructs": handler mcpgo\.constructs has resolved parameters but calls mcp\.NewInputRequiredResult`
}

// A prompt's handler returns *mcp.GetPromptResult, which can carry an
// input-required result: what it builds is what it returns.
func mixedPrompt(ctx context.Context, req mcp.GetPromptRequest, r Repo) (*mcp.GetPromptResult, error) { // want mixedPrompt:`buildsInputRequired`
	return server.NewInputRequestBuilder("").Roots("roots").PromptResult(), nil // want `^prompt "mixed": handler mcpgo\.mixedPrompt has resolved parameters but calls server\.InputRequestBuilder\.PromptResult`
}

// Not reported: a resource's handler returns contents, which cannot carry
// an input-required result, whatever its body builds.
func resourceBuilds(ctx context.Context, req mcp.ReadResourceRequest, r Repo) ([]mcp.ResourceContents, error) { // want resourceBuilds:`buildsInputRequired`
	_ = server.NewInputRequestBuilder("").ResourceResult()
	return nil, nil
}

// Not reported: without resolved parameters the handler drives the flow
// itself; a result type of its own cannot carry one.
func own(ctx context.Context, req mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
	return nil, nil
}
func clean(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{}, nil
}

func register(s *server.MCPServer, rt *resolve.Runtime) {
	resolve.AddTool(s, mcp.NewTool("declared_ptr"), declaredPtr, checkStock)                      // want `^tool "declared_ptr": handler mcpgo\.declaredPtr has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler$`
	resolve.MustAddTool(s, mcp.NewTool("declared_prompt"), declaredPrompt, checkStock)            // want `returns mcp\.GetPromptResult, which can carry`
	rt.AddTool(s, mcp.Tool{Name: "declared_defined"}, declaredDefined, checkStock)                // want `returns mcpgo\.Defined, which can carry`
	(*resolve.Runtime).AddTool(rt, s, mcp.NewTool("declared_embeds"), declaredEmbeds, checkStock) // want `returns \*mcpgo\.Embeds, which can carry`
	resolve.AddTool(s, mcp.NewTool("builds"), builds, askRepo)
	resolve.AddTool(s, mcp.NewTool("constructs"), constructs, askRepo)
	resolve.AddPrompt(s, mcp.NewPrompt("mixed"), mixedPrompt, askRepo)
	resolve.AddResource(s, mcp.NewResource("res://x", "x"), resourceBuilds, askRepo)
	resolve.AddTool(s, mcp.NewTool("own"), own)
	resolve.AddTool(s, mcp.NewTool("clean"), clean, checkStock)
}
