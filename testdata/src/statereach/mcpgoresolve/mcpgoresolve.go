// Package mcpgoresolve reads request state in resolvers and handlers of
// the runtime's mcp-go binding, where the runtime owns it.
package mcpgoresolve

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

type Backorder struct {
	Confirm bool `json:"confirm"`
}

func checkStock(ctx context.Context, req mcp.CallToolRequest, in In) (Stock, error) {
	if req.Params.RequestState != "" { // want `^resolver checkStock reads req.Params.RequestState outside the elicit path: in resolver-based code the runtime owns request state and consults an answer only for the question a resolver asks this round; take the answer as a resolved parameter$`
		return Stock{}, nil
	}
	return Stock{Copies: 1}, nil
}

func confirm(ctx context.Context, req mcp.CallToolRequest, s Stock) (resolve.Elicit[Backorder], error) {
	if r := server.ElicitationResponse(req.Params.InputResponses, "confirm"); r != nil { // want `^resolver confirm calls server.ElicitationResponse, which reads input responses outside the elicit path`
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder]("order anyway?"), nil
}

func order(ctx context.Context, req mcp.CallToolRequest, in In, s Stock, b resolve.Outcome[Backorder]) (Out, error) {
	return Out{OK: peek(req)}, nil
}

func peek(req mcp.CallToolRequest) bool {
	return len(req.Params.InputResponses) > 0 // want `^peek \(called from handler order\) reads req.Params.InputResponses outside the elicit path`
}

func promptHandler(ctx context.Context, req mcp.GetPromptRequest, s Stock) (*mcp.GetPromptResult, error) {
	_ = req.Params.RequestState // want `^handler promptHandler reads req.Params.RequestState outside the elicit path`
	return nil, nil
}

func promptStock(ctx context.Context, req mcp.GetPromptRequest) (Stock, error) { return Stock{}, nil }

// Not reported: a resolver tool that leaves request state to the runtime.
func clean(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{OK: req.Params.Name != ""}, nil
}

func register(s *server.MCPServer) {
	resolve.MustAddTool(s, mcp.NewTool("order"), order, checkStock, confirm)
	resolve.MustAddTool(s, mcp.NewTool("clean"), clean, checkStock)
	resolve.AddPrompt(s, mcp.NewPrompt("prompt"), promptHandler, promptStock)
}
