package mcpgo_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/mcptest/internal/shapetest"
	"github.com/mcplint/mcplint/mcptest/mcpgo"
)

// checkRemove runs the kit on the server's tool "rm", its name argument
// "users", with n as its effect probe, and logs what it found.
func checkRemove(t *testing.T, s *server.MCPServer, n *atomic.Int64) *mcpgo.Report {
	t.Helper()
	r, err := mcpgo.Run(s, mcpgo.Options{Tool: map[string]mcpgo.Tool{"rm": {
		Args: map[string]any{"name": "users"}, Effect: func() int { return int(n.Load()) },
	}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Log(f)
	}
	return r
}

// A server may offer a tool only to 2026-07-28 sessions (filtered from the
// list and refused below): the legacy path of a tool never offered there
// is not syncask's to judge. Offered there and failing, it is.
func TestToolNotOfferedOnLegacySessions(t *testing.T) {
	for _, hide := range []bool{true, false} {
		var n atomic.Int64
		var opts []server.ServerOption
		if hide {
			opts = append(opts, server.WithToolFilter(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
				if server.IsModernRequest(ctx) {
					return tools
				}
				return slices.DeleteFunc(tools, func(tl mcp.Tool) bool { return tl.Name == "rm" })
			}))
		}
		s := server.NewMCPServer("shapes", "v1", opts...)
		s.AddTool(mcp.NewTool("rm", mcp.WithString("name", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if !server.IsModernRequest(ctx) {
				return mcp.NewToolResultError("needs 2026-07-28"), nil
			}
			answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
			if answer == nil {
				return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{
					Mode: mcp.ElicitationModeForm, Message: "Remove?",
				}).ToolResult(), nil
			}
			if answer.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultError("not removed"), nil
			}
			n.Add(1)
			return mcp.NewToolResultText("removed"), nil
		})
		r := checkRemove(t, s, &n)
		t.Log(r.Summary())
		var got []string
		for _, f := range r.Findings {
			got = append(got, f.Rule)
		}
		if slices.Contains(got, "syncask") == hide {
			t.Errorf("hidden on 2025-11-25 %v: rules %v", hide, got)
		}
	}
}

// The mcp-go twin of package mcptest's TestCapabilitiesCheckedApart: a
// tool that checks elicitation alone sends its sampling request to a
// client that declared elicitation but not sampling.
func TestCapabilitiesCheckedApart(t *testing.T) {
	for _, both := range []bool{true, false} {
		s := server.NewMCPServer("shapes", "v1")
		s.AddTool(mcp.NewTool("plan"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			sess, _ := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
			if sess == nil {
				return mcp.NewToolResultError("no session"), nil
			}
			caps := sess.GetClientCapabilities()
			if caps.Elicitation == nil || both && caps.Sampling == nil {
				return mcp.NewToolResultError("needs a client that can ask and sample"), nil
			}
			if server.ElicitationResponse(req.Params.InputResponses, "goal") != nil {
				return mcp.NewToolResultText("planned"), nil
			}
			return server.NewInputRequestBuilder("").
				Elicit("goal", mcp.ElicitationParams{Message: "Goal?"}).
				Sample("draft", mcp.CreateMessageParams{MaxTokens: 100}).
				ToolResult(), nil
		})
		r, err := mcpgo.Run(s, mcpgo.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var askcaps []string
		for _, f := range r.Findings {
			if f.Rule == "askcaps" {
				askcaps = append(askcaps, f.Detail)
			}
		}
		if caught := slices.ContainsFunc(askcaps, func(d string) bool { return strings.Contains(d, "sampling/createMessage") }); caught == both || len(askcaps) > 1 {
			t.Errorf("checks both capabilities %v: askcaps findings %q", both, askcaps)
			for _, f := range r.Findings {
				t.Log(f)
			}
		}
	}
}

// pruneTool is i18n-mcp's keys_prune, reduced, on mcp-go: it asks only when
// told to apply, marks its question with a state it checks on the retry
// (state says how), and otherwise completes a dry run at once.
//
//mcplint:ignore statereach the unsealed state is the shape under test
func pruneTool(n *atomic.Int64, state func() string) server.ToolHandlerFunc {
	var mu sync.Mutex
	issued := map[string]bool{}
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		mu.Lock()
		defer mu.Unlock()
		name := req.GetString("name", "")
		if !req.GetBool("apply", false) {
			return mcp.NewToolResultText("would prune " + name), nil
		}
		if len(req.Params.InputResponses) == 0 {
			s := state()
			issued[s] = true
			return server.NewInputRequestBuilder(s).Elicit("prune", mcp.ElicitationParams{
				Mode: mcp.ElicitationModeForm, Message: "Prune " + name + "?",
			}).ToolResult(), nil
		}
		if !issued[req.Params.RequestState] {
			return mcp.NewToolResultError("not a reply to the confirmation"), nil
		}
		if answer := server.ElicitationResponse(req.Params.InputResponses, "prune"); answer == nil || answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("declined"), nil
		}
		n.Add(1)
		return mcp.NewToolResultText("pruned " + name), nil
	}
}

// The twin of the go-sdk test: a state is tampered with only when the tool
// would not hand the same one to the other arguments or principal itself,
// and an answer refused under any key is no stand-in. A per-call state
// never bound to its caller is still another principal's to forge.
func TestTransplantedStateTheToolIssuesItself(t *testing.T) {
	var seq atomic.Int64
	for _, tc := range []struct {
		name     string
		state    func() string
		reported []string // tampered-state variants reported
	}{
		{"constant marker", func() string { return "awaiting_prune_confirmation" }, nil},
		{"per-call nonce", func() string { return fmt.Sprintf("prune-%d", seq.Add(1)) }, []string{"another principal"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			s := server.NewMCPServer("shapes", "v1")
			s.AddTool(mcp.NewTool("prune", mcp.WithString("name", mcp.Required()), mcp.WithBoolean("apply")), pruneTool(&n, tc.state))
			r, err := mcpgo.Run(s, mcpgo.Options{Tool: map[string]mcpgo.Tool{"prune": {
				Args:   map[string]any{"name": "users", "apply": true},
				Effect: func() int { return int(n.Load()) },
			}}})
			if err != nil {
				t.Fatal(err)
			}
			shapetest.Transplants(t, r, tc.reported)
		})
	}
}

// A ticked answer sent under a key the call never asks, with none under
// the asked key, confirms nothing: a tool that checks the key asks again;
// one that takes a ticked answer under any key purges.
func TestConfirmingAnswerUnderAnotherKey(t *testing.T) {
	for _, anyKey := range []bool{false, true} {
		var n atomic.Int64
		s := server.NewMCPServer("shapes", "v1")
		s.AddTool(mcp.NewTool("rm", mcp.WithString("name", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for key := range req.Params.InputResponses {
				answer := server.ElicitationResponse(req.Params.InputResponses, key)
				if answer == nil || !anyKey && key != "box" || answer.Action != mcp.ElicitationResponseActionAccept {
					continue
				}
				if content, _ := answer.Content.(map[string]any); content["confirm"] == true {
					n.Add(1)
					return mcp.NewToolResultText("removed"), nil
				}
			}
			return server.NewInputRequestBuilder("").Elicit("box", mcp.ElicitationParams{
				Mode: mcp.ElicitationModeForm, Message: "Remove?", RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
					"required":   []string{"confirm"},
				},
			}).ToolResult(), nil
		})
		shapetest.AnswerUnderAnotherKey(t, checkRemove(t, s, &n), anyKey)
	}
}

// On a 2025-11-25 session mcp-go refuses to send a form elicitation
// without a requested schema: the user is never asked. That is the
// question's fault (elicitbase), not the session's (syncask); the same
// tool whose question has a schema works there.
func TestLegacyQuestionWithoutSchema(t *testing.T) {
	for _, schema := range []bool{true, false} {
		var n atomic.Int64
		s := server.NewMCPServer("shapes", "v1", server.WithElicitation())
		s.AddTool(mcp.NewTool("rm", mcp.WithString("name", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if server.IsModernRequest(ctx) {
				answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
				if answer == nil {
					return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{Message: "Remove?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
				}
				if answer.Action != mcp.ElicitationResponseActionAccept {
					return mcp.NewToolResultError("not removed"), nil
				}
				n.Add(1)
				return mcp.NewToolResultText("removed"), nil
			}
			q := mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Remove?"}}
			if schema {
				q.Params.RequestedSchema = map[string]any{"type": "object"}
			}
			res, err := s.RequestElicitation(ctx, q)
			if err != nil {
				return nil, err
			}
			if res.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultError("not removed"), nil
			}
			n.Add(1)
			return mcp.NewToolResultText("removed"), nil
		})
		r := checkRemove(t, s, &n)
		// The tool asks every client (askcaps): not this test's concern.
		got := slices.DeleteFunc(r.Rules(), func(rule string) bool { return rule == "askcaps" })
		want := []string{}
		if !schema {
			want = []string{"elicitbase"}
		}
		if !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Errorf("legacy question with a schema %v: rules %v, want %v", schema, got, want)
		}
	}
}

// callerKey is where the server's authentication puts the caller.
type callerKey struct{}

// A tool that asks who the caller is only where the server cannot tell
// (statereach's fixture answers.whoami, on mcp-go): where the principal
// is known it asks nothing, and one that still reads "user" lets a client
// replace the caller by sending it unasked. The kit sees it with the
// principal in the context (PrincipalContext) and the key in Tool.Keys;
// one that reads the answer only where it asks is unmoved.
//
//mcplint:ignore statereach the answer read where the tool does not ask is the shape under test
func TestStandInReplacesTheCaller(t *testing.T) {
	for _, readsUnasked := range []bool{false, true} {
		s := server.NewMCPServer("shapes", "v1")
		s.AddTool(mcp.NewTool("whoami"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			user, _ := ctx.Value(callerKey{}).(string)
			if user == "" || readsUnasked {
				if a := server.ElicitationResponse(req.Params.InputResponses, "user"); a != nil && a.Action == mcp.ElicitationResponseActionAccept {
					content, _ := a.Content.(map[string]any)
					user, _ = content["value"].(string)
				} else if user == "" {
					return server.NewInputRequestBuilder("").Elicit("user", mcp.ElicitationParams{Message: "Who are you?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
				}
			}
			return mcp.NewToolResultText(user), nil
		})
		r, err := mcpgo.Run(s, mcpgo.Options{
			Tool: map[string]mcpgo.Tool{"whoami": {Keys: []string{"user"}}},
			PrincipalContext: func(ctx context.Context, principal string) context.Context {
				return context.WithValue(ctx, callerKey{}, principal)
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Findings {
			t.Log(f)
		}
		if got := r.Rules(); slices.Contains(got, "statereach") != readsUnasked {
			t.Errorf("reads \"user\" where it does not ask %v: rules %v", readsUnasked, got)
		}
	}
}
