// Package handgo writes go-sdk's multi-round flow by hand: the handlers
// return InputRequests and read the answers back from InputResponses by
// key. A key that changes between rounds is never found again.
package handgo

import (
	"context"
	"fmt"
	"math/rand"
	"time"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

// constantKey asks under a constant key: found again on the retry. The
// message names the time, which does not matter: the answer is found by
// its key.
func constantKey(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && res.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"confirm": &mcp.ElicitParams{Message: "Delete " + in.Path + " at " + time.Now().Format(time.Kitchen) + "?"},
	}}, nil, nil
}

// inputKey builds the key from the tool's input: the same every round.
func inputKey(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	key := "confirm-" + in.Path
	if _, ok := req.Params.InputResponses[key]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: "sure?"}}}, nil, nil
}

// carried generates the key once and carries it to the next round in the
// request state, where the retry reads it back.
func carried(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if id := req.Params.RequestState; id != "" {
		if _, ok := req.Params.InputResponses[id]; ok {
			return &mcp.CallToolResult{}, nil, nil
		}
	}
	id := uuid.NewString()
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{id: &mcp.ElicitParams{Message: "sure?"}},
		RequestState:  id,
	}, nil, nil
}

// ranged copies its questions out of a map: the order changes, the keys
// do not.
func ranged(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	questions := map[string]string{"name": "Your name?", "mail": "Your mail?"}
	res := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}
	for key, message := range questions {
		if _, ok := req.Params.InputResponses[key]; !ok {
			res.InputRequests[key] = &mcp.ElicitParams{Message: message}
		}
	}
	if len(res.InputRequests) == 0 {
		return &mcp.CallToolResult{}, nil, nil
	}
	return res, nil, nil
}

// timeKey asks under a key with the time in it.
func timeKey(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	key := fmt.Sprintf("confirm-%d", time.Now().UnixNano())
	if _, ok := req.Params.InputResponses[key]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	res := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}
	res.InputRequests[key] = &mcp.ElicitParams{Message: "sure?"} // want `^the input request's key depends on time.Now, which changes between rounds: the key changes every round, so the answer is never found and the client gives up after its round budget`
	return res, nil, nil
}

// ask builds the input request under the key it is given.
func ask(key string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: "sure?"}}}
}

// generated asks, through ask, under a fresh id every round.
func generated(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	for _, resp := range req.Params.InputResponses {
		if r, ok := resp.(*mcp.ElicitResult); ok && r.Action == "accept" {
			return &mcp.CallToolResult{}, nil, nil
		}
	}
	return ask(uuid.NewString()), nil, nil // want `^call of handgo.ask, which puts its argument into an input request's key: the argument depends on uuid.NewString`
}

// prompt is a prompt handler asking under a random key.
func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	key := fmt.Sprint(rand.Int())
	if _, ok := req.Params.InputResponses[key]; ok {
		return &mcp.GetPromptResult{}, nil
	}
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{key: &mcp.ListRootsParams{}}}, nil // want `^the input request's key depends on math/rand.Int`
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "c"}, constantKey)
	mcp.AddTool(s, &mcp.Tool{Name: "i"}, inputKey)
	mcp.AddTool(s, &mcp.Tool{Name: "r"}, carried)
	mcp.AddTool(s, &mcp.Tool{Name: "m"}, ranged)
	mcp.AddTool(s, &mcp.Tool{Name: "t"}, timeKey)
	mcp.AddTool(s, &mcp.Tool{Name: "g"}, generated)
	s.AddPrompt(&mcp.Prompt{Name: "p"}, prompt)
}
