package mcpgo_test

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/mcptest/mcpgo"
)

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
		r, err := mcpgo.Run(s, mcpgo.Options{Tool: map[string]mcpgo.Tool{"rm": {
			Args: map[string]any{"name": "users"}, Effect: func() int { return int(n.Load()) },
		}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range r.Findings {
			got = append(got, f.Rule)
			t.Log(f)
		}
		t.Log(r.Summary())
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
