package bothsdks_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// The fixture tools on mcp-go, with runtime/mcpgo/resolve: gosdk_test.go's
// tools, spelled in mcp-go's types.

func mFirst[C any]() (resolve.Elicit[gStep[C]], error) {
	return resolve.Ask[gStep[C]](fmt.Sprintf("step %T?", *new(C))), nil
}

func mNext[P, C any](p gStep[P]) (resolve.Elicit[gStep[C]], error) {
	return resolve.Ask[gStep[C]](fmt.Sprintf("step %T after %s?", *new(C), p.V)), nil
}

type userKey struct{}

// mcpGoServer builds the fixture server on mcp-go. The principal is the
// bearer token, which the HTTP context function puts into the context.
func mcpGoServer(opts *resolve.Options, name string) (*server.MCPServer, *atomic.Int64, error) {
	if opts == nil {
		opts = &resolve.Options{}
	}
	opts.Principal = func(ctx context.Context) string { u, _ := ctx.Value(userKey{}).(string); return u }
	rt, err := resolve.New(opts)
	if err != nil {
		return nil, nil, err
	}
	s := server.NewMCPServer(name, "v1")
	runs := new(atomic.Int64)
	var ticks atomic.Int64
	askName := func() (resolve.Elicit[gName], error) { return resolve.Ask[gName]("Your name?"), nil }
	askColor := func(n gName) (resolve.Elicit[gColor], error) {
		return resolve.Ask[gColor]("Favorite color, " + n.Name + "?"), nil
	}
	askConfirm := func() (resolve.Elicit[gConfirm], error) { return resolve.Ask[gConfirm]("Confirm?"), nil }
	err = errors.Join(
		rt.AddTool(s, mcp.NewTool("chain"), func(_ context.Context, _ mcp.CallToolRequest, in title, n gName, c gColor) (string, error) {
			return in.Title + ": " + n.Name + " likes " + c.Color, nil
		}, askName, askColor),
		rt.AddTool(s, mcp.NewTool("confirm"), func(_ context.Context, _ mcp.CallToolRequest, _ title, c gConfirm) (string, error) {
			runs.Add(1)
			return fmt.Sprintf("confirmed ok=%v", c.OK), nil
		}, askConfirm),
		rt.AddTool(s, mcp.NewTool("confirm_outcome"), func(_ context.Context, _ mcp.CallToolRequest, _ title, c resolve.Outcome[gConfirm]) (string, error) {
			return fmt.Sprintf("action=%s accepted=%v ok=%v", c.Action, c.Accepted(), c.Value.OK), nil
		}, askConfirm),
		rt.AddTool(s, mcp.NewTool("sample"), func(_ context.Context, _ mcp.CallToolRequest, _ title, r *mcp.CreateMessageResult) (string, error) {
			return "sampled", nil
		}, func() (resolve.Elicit[*mcp.CreateMessageResult], error) {
			return resolve.AskSampling(mcp.CreateMessageParams{MaxTokens: 10,
				Messages: []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("hi")}}}), nil
		}),
		rt.AddTool(s, mcp.NewTool("batch"), func(_ context.Context, _ mcp.CallToolRequest, _ title, a gA, b gB, c gC) (string, error) {
			return a.A + b.B + c.C, nil
		}, func() (resolve.Elicit[gA], error) { return resolve.Ask[gA]("A?"), nil },
			func() (resolve.Elicit[gB], error) { return resolve.Ask[gB]("B?"), nil },
			func(a gA) (resolve.Elicit[gC], error) { return resolve.Ask[gC]("C after " + a.A + "?"), nil }),
		rt.AddTool(s, mcp.NewTool("computed"), func(_ context.Context, _ mcp.CallToolRequest, _ title, n gName, c gColor) (string, error) {
			return n.Name + " " + c.Color, nil
		}, askName, func() (resolve.Elicit[gColor], error) { return resolve.Given(gColor{Color: "computed"}), nil }),
		rt.AddTool(s, mcp.NewTool("given_only"), func(_ context.Context, _ mcp.CallToolRequest, _ title, c gColor) (string, error) {
			return c.Color, nil
		}, func() (resolve.Elicit[gColor], error) { return resolve.Given(gColor{Color: "computed"}), nil }),
		rt.AddTool(s, mcp.NewTool("quota"), func(_ context.Context, _ mcp.CallToolRequest, _ title, n gName) (string, error) {
			return n.Name, nil
		}, func() (resolve.Elicit[gName], error) {
			return resolve.Elicit[gName]{}, fmt.Errorf("quota: %w", overQuotaMCPGo())
		}),
		rt.AddTool(s, mcp.NewTool("quota_handler"), func(_ context.Context, _ mcp.CallToolRequest, _ title) (string, error) {
			return "", fmt.Errorf("quota: %w", overQuotaMCPGo())
		}),
		rt.AddTool(s, mcp.NewTool("boom"), func(_ context.Context, _ mcp.CallToolRequest, _ title, n gName) (string, error) {
			return n.Name, nil
		}, func() (resolve.Elicit[gName], error) { panic("resolver exploded") }),
		rt.AddTool(s, mcp.NewTool("unstable"), func(_ context.Context, _ mcp.CallToolRequest, _ title, t gTick) (string, error) {
			return "never", nil
		}, func() (resolve.Elicit[gTick], error) {
			return resolve.Ask[gTick](fmt.Sprintf("Tick %d?", ticks.Add(1))), nil
		}),
		rt.AddTool(s, mcp.NewTool("deep9"), func(_ context.Context, _ mcp.CallToolRequest, _ title, last gStep[s9]) (string, error) {
			return "deep " + last.V, nil
		}, mFirst[s1], mNext[s1, s2], mNext[s2, s3], mNext[s3, s4], mNext[s4, s5], mNext[s5, s6], mNext[s6, s7], mNext[s7, s8], mNext[s8, s9]),
	)
	err = errors.Join(err, rt.AddPrompt(s, mcp.NewPrompt("confirm"), func(_ context.Context, _ mcp.GetPromptRequest, c gConfirm) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(fmt.Sprintf("ok=%v", c.OK)))}), nil
	}, askConfirm))
	if opts.RoundBudget >= 10 {
		err = errors.Join(err, rt.AddTool(s, mcp.NewTool("deep10"), func(_ context.Context, _ mcp.CallToolRequest, _ title, last gStep[s10]) (string, error) {
			return "deep " + last.V, nil
		}, mFirst[s1], mNext[s1, s2], mNext[s2, s3], mNext[s3, s4], mNext[s4, s5], mNext[s5, s6], mNext[s6, s7], mNext[s7, s8], mNext[s8, s9], mNext[s9, s10]))
	}
	return s, runs, err
}

// overQuotaMCPGo is the JSON-RPC error of mcp-go's quota tools, the one
// mcp-go lets a handler choose.
func overQuotaMCPGo() error {
	return mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Mode: mcp.ElicitationModeURL, ElicitationID: "quota-1", URL: "https://example.com/quota", Message: "Raise your quota"}}}
}

// mcpGoHandler serves s over mcp-go's streamable HTTP, which serves both
// protocol versions, at /mcp, /modern and /stateless alike; the bearer token
// names the user.
func mcpGoHandler(s *server.MCPServer) http.Handler {
	h := server.NewStreamableHTTPServer(s, server.WithStreamableHTTPLogger(quiet), server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
		if u, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			return context.WithValue(ctx, userKey{}, u)
		}
		return ctx
	}))
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	mux.Handle("/modern", h)
	mux.Handle("/stateless", h)
	return mux
}
