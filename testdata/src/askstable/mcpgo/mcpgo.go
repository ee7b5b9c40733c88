// Package mcpgo asks questions through the runtime's mcp-go binding.
package mcpgo

import (
	"context"
	"fmt"
	"time"

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

type Confirm struct {
	OK bool `json:"ok"`
}

func askNow(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](in.Title + " at " + time.Now().String()), nil // want `^resolve\.Ask: the question's message depends on time\.Now, which changes between rounds, so the question is new every round: build it only from the tool's input and earlier answers$`
}

func askSampling(ctx context.Context, in In) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.AskSampling(mcp.CreateMessageParams{ // want `^resolve\.AskSampling: the question's sampling request depends on time\.Now`
		SystemPrompt: "Today is " + time.Now().Format(time.DateOnly),
		MaxTokens:    100,
	}), nil
}

// The identity of one request, not of the call: mcp-go's _meta and the
// HTTP headers of the request that carried it.
func askProgress(ctx context.Context, req mcp.CallToolRequest) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprint("token ", req.Params.Meta.ProgressToken)), nil // want `message depends on the request's _meta`
}

func askHeader(ctx context.Context, req mcp.CallToolRequest) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("request " + req.Header.Get("X-Request-Id")), nil // want `message depends on the request's HTTP headers`
}

// A resolver's value that changes every round, in another's question.
type Deadline struct{ At string }

func deadline(ctx context.Context, in In) (Deadline, error) {
	return Deadline{At: time.Now().Add(time.Hour).String()}, nil
}

func confirmDeadline(ctx context.Context, in In, d Deadline) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("Finish by " + d.At + "?"), nil // want `message depends on the value resolver deadline gives \(the result of mcpgo\.deadline \(time\.Now\)\)`
}

// Not reported: a question built from the input and the request's
// arguments.
func askStable(ctx context.Context, in In, req mcp.CallToolRequest) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("order %q (%s)?", in.Title, req.Params.Name)), nil
}

func finish(ctx context.Context, req mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	return Out{OK: c.OK}, nil
}

func register(s *server.MCPServer) {
	resolve.MustAddTool(s, mcp.NewTool("finish"), finish, deadline, confirmDeadline)
	resolve.MustAddTool(s, mcp.NewTool("stable"), finish, askStable)
}
