package bothsdks_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The fixture tools on go-sdk, with runtime/resolve. mcpgo_test.go has the
// same tools on mcp-go: the same names, questions, wire keys and results.

type gName struct {
	Name string `json:"name"`
}

func (gName) InputKey() string { return "name" }

type gColor struct {
	Color string `json:"color"`
}

func (gColor) InputKey() string { return "color" }

type gConfirm struct {
	OK bool `json:"ok"`
}

func (gConfirm) InputKey() string { return "confirm" }

// The answers of tool "batch": qa and qb independent, qc dependent on qa.
type gA struct {
	A string `json:"a"`
}

func (gA) InputKey() string { return "qa" }

type gB struct {
	B string `json:"b"`
}

func (gB) InputKey() string { return "qb" }

type gC struct {
	C string `json:"c"`
}

func (gC) InputKey() string { return "qc" }

type gTick struct {
	N int `json:"n"`
}

func (gTick) InputKey() string { return "tick" }

type gStep[P any] struct {
	V string `json:"v"`
}

// steps are the phantom types of the chain of dependent questions.
type (
	s1  struct{}
	s2  struct{}
	s3  struct{}
	s4  struct{}
	s5  struct{}
	s6  struct{}
	s7  struct{}
	s8  struct{}
	s9  struct{}
	s10 struct{}
)

func gFirst[C any]() (resolve.Elicit[gStep[C]], error) {
	return resolve.Ask[gStep[C]](fmt.Sprintf("step %T?", *new(C))), nil
}

func gNext[P, C any](p gStep[P]) (resolve.Elicit[gStep[C]], error) {
	return resolve.Ask[gStep[C]](fmt.Sprintf("step %T after %s?", *new(C), p.V)), nil
}

type title struct {
	Title string `json:"title"`
}

// goSDKServer builds the fixture server on go-sdk, its runtime configured
// by opts, and returns the number of handler runs of tool "confirm".
func goSDKServer(opts *resolve.Options, name string) (*mcp.Server, *atomic.Int64, error) {
	rt, err := resolve.New(opts)
	if err != nil {
		return nil, nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: name, Version: "v1"}, nil)
	runs := new(atomic.Int64)
	var ticks atomic.Int64
	askName := func() (resolve.Elicit[gName], error) { return resolve.Ask[gName]("Your name?"), nil }
	askColor := func(n gName) (resolve.Elicit[gColor], error) {
		return resolve.Ask[gColor]("Favorite color, " + n.Name + "?"), nil
	}
	askConfirm := func() (resolve.Elicit[gConfirm], error) { return resolve.Ask[gConfirm]("Confirm?"), nil }
	err = errors.Join(
		rt.AddTool(s, &mcp.Tool{Name: "chain"}, func(_ context.Context, _ *mcp.CallToolRequest, in title, n gName, c gColor) (string, error) {
			return in.Title + ": " + n.Name + " likes " + c.Color, nil
		}, askName, askColor),
		rt.AddTool(s, &mcp.Tool{Name: "confirm"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, c gConfirm) (string, error) {
			runs.Add(1)
			return fmt.Sprintf("confirmed ok=%v", c.OK), nil
		}, askConfirm),
		rt.AddTool(s, &mcp.Tool{Name: "confirm_outcome"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, c resolve.Outcome[gConfirm]) (string, error) {
			return fmt.Sprintf("action=%s accepted=%v ok=%v", c.Action, c.Accepted(), c.Value.OK), nil
		}, askConfirm),
		rt.AddTool(s, &mcp.Tool{Name: "sample"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, r *mcp.CreateMessageWithToolsResult) (string, error) {
			return "sampled", nil
		}, func() (resolve.Elicit[*mcp.CreateMessageWithToolsResult], error) {
			return resolve.AskSampling(&mcp.CreateMessageWithToolsParams{MaxTokens: 10,
				Messages: []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "hi"}}}}}), nil
		}),
		rt.AddTool(s, &mcp.Tool{Name: "batch"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, a gA, b gB, c gC) (string, error) {
			return a.A + b.B + c.C, nil
		}, func() (resolve.Elicit[gA], error) { return resolve.Ask[gA]("A?"), nil },
			func() (resolve.Elicit[gB], error) { return resolve.Ask[gB]("B?"), nil },
			func(a gA) (resolve.Elicit[gC], error) { return resolve.Ask[gC]("C after " + a.A + "?"), nil }),
		rt.AddTool(s, &mcp.Tool{Name: "computed"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, n gName, c gColor) (string, error) {
			return n.Name + " " + c.Color, nil
		}, askName, func() (resolve.Elicit[gColor], error) { return resolve.Given(gColor{Color: "computed"}), nil }),
		rt.AddTool(s, &mcp.Tool{Name: "given_only"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, c gColor) (string, error) {
			return c.Color, nil
		}, func() (resolve.Elicit[gColor], error) { return resolve.Given(gColor{Color: "computed"}), nil }),
		rt.AddTool(s, &mcp.Tool{Name: "quota"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, n gName) (string, error) {
			return n.Name, nil
		}, func() (resolve.Elicit[gName], error) {
			return resolve.Elicit[gName]{}, fmt.Errorf("quota: %w", overQuota())
		}),
		rt.AddTool(s, &mcp.Tool{Name: "quota_handler"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title) (string, error) {
			return "", fmt.Errorf("quota: %w", overQuota())
		}),
		rt.AddTool(s, &mcp.Tool{Name: "boom"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, n gName) (string, error) {
			return n.Name, nil
		}, func() (resolve.Elicit[gName], error) { panic("resolver exploded") }),
		rt.AddTool(s, &mcp.Tool{Name: "unstable"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, t gTick) (string, error) {
			return "never", nil
		}, func() (resolve.Elicit[gTick], error) {
			return resolve.Ask[gTick](fmt.Sprintf("Tick %d?", ticks.Add(1))), nil
		}),
		rt.AddTool(s, &mcp.Tool{Name: "deep9"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, last gStep[s9]) (string, error) {
			return "deep " + last.V, nil
		}, gFirst[s1], gNext[s1, s2], gNext[s2, s3], gNext[s3, s4], gNext[s4, s5], gNext[s5, s6], gNext[s6, s7], gNext[s7, s8], gNext[s8, s9]),
	)
	err = errors.Join(err, rt.AddPrompt(s, &mcp.Prompt{Name: "confirm"}, func(_ context.Context, _ *mcp.GetPromptRequest, c gConfirm) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: fmt.Sprintf("ok=%v", c.OK)}}}}, nil
	}, askConfirm))
	if opts != nil && opts.RoundBudget >= 10 {
		err = errors.Join(err, rt.AddTool(s, &mcp.Tool{Name: "deep10"}, func(_ context.Context, _ *mcp.CallToolRequest, _ title, last gStep[s10]) (string, error) {
			return "deep " + last.V, nil
		}, gFirst[s1], gNext[s1, s2], gNext[s2, s3], gNext[s3, s4], gNext[s4, s5], gNext[s5, s6], gNext[s6, s7], gNext[s7, s8], gNext[s8, s9], gNext[s9, s10]))
	}
	return s, runs, err
}

// overQuota is the JSON-RPC error of go-sdk's quota tools.
func overQuota() error {
	return &jsonrpc.Error{Code: -32050, Message: "over quota", Data: json.RawMessage(`{"retryAfter":30}`)}
}

// goSDKHandler serves s over streamable HTTP: stateful at /mcp, where
// go-sdk v1.8.0 negotiates at most 2025-11-25, stateless at /modern, where
// it serves 2026-07-28, and stateless behind a bearer token that names the
// user at /stateless (raw 2026-07-28 requests).
func goSDKHandler(s *mcp.Server) http.Handler {
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		return &auth.TokenInfo{UserID: token, Expiration: time.Now().Add(time.Hour)}, nil
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	mux.Handle("/modern", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	mux.Handle("/stateless", auth.RequireBearerToken(verify, nil)(
		mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})))
	return mux
}
