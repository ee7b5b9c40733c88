package mcpgo_test

// Hand-written mcp-go handlers the kit's tests run, copied from the
// analyzers' testdata (each names the file it came from), with their
// action replaced by a counter the kit reads as the tool's effect.

import (
	"context"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// store counts the purges a tool took.
type store struct{ purges atomic.Int64 }

func (s *store) count() int { return int(s.purges.Load()) }

func (s *store) purge(string) error { s.purges.Add(1); return nil }

type handler = func(*store) server.ToolHandlerFunc

func ask(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("purge", mcp.ElicitationParams{Message: "Purge " + bucket + "?"}).
		ToolResult()
}

// From testdata/src/failopen/handwrittenmcpgo/handwrittenmcpgo.go:
// purgeClosed (negative).
func purgeClosed(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "purge")
		if answer == nil {
			return ask(bucket), nil
		}
		if answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/failopen/handwrittenmcpgo/handwrittenmcpgo.go:
// purgeOpen (positive: a missing answer purges; it never asks).
func purgeOpen(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "purge")
		if answer != nil && answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

func askBox(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
		}}).
		ToolResult()
}

// From testdata/src/failopen/handwrittenmcpgo/checkbox.go: purgeTicked
// (negative).
func purgeTicked(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "box")
		if answer == nil {
			return askBox(bucket), nil
		}
		content, _ := answer.Content.(map[string]any)
		if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/failopen/handwrittenmcpgo/checkbox.go: purgeSubmitted
// (positive: the box unticked purges).
func purgeSubmitted(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "box")
		if answer == nil {
			return askBox(bucket), nil
		}
		if answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/failopen/handwrittenmcpgo/checkbox.go: purgeUnlessBoth
// (positive: && for ||).
func purgeUnlessBoth(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "box")
		if answer == nil {
			return askBox(bucket), nil
		}
		content, _ := answer.Content.(map[string]any)
		if answer.Action != mcp.ElicitationResponseActionAccept && content["confirm"] != true {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/failopen/handwrittenmcpgo/checkbox.go: purgeTickedApart
// (negative).
func purgeTickedApart(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		answer := server.ElicitationResponse(req.Params.InputResponses, "box")
		if answer == nil {
			return askBox(bucket), nil
		}
		if answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
			return mcp.NewToolResultText("the box was not ticked"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/statereach/standsin/standsin.go: cancelMCPGo
// (positive: the state it hands out stands in for the answer).
//
//mcplint:ignore statereach a positive the kit must catch, copied from the analyzers' testdata
func cancelMCPGo(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		switch req.Params.RequestState {
		case "confirmed":
			return mcp.NewToolResultText("cancelled"), s.purge("order")
		}
		return server.NewInputRequestBuilder("confirmed").
			Elicit("confirm", mcp.ElicitationParams{Message: "Cancel the order?"}).
			ToolResult(), nil
	}
}

// From testdata/src/syncask/mcpgo/mcpgo.go: deploy (positive: a
// server-to-client elicitation with no version check). srv is set once the
// server is built.
func deploy(srv **server.MCPServer) handler {
	return func(s *store) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := (*srv).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Deploy?"}})
			if err != nil {
				return nil, err
			}
			if res.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultText("not deployed"), nil
			}
			return mcp.NewToolResultText("deployed"), s.purge("deploy")
		}
	}
}

func askBoth(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("bucket", mcp.ElicitationParams{Message: "Which bucket?"}).
		Elicit("ack", mcp.ElicitationParams{Message: "Every object of " + bucket + " goes. Continue?"}).
		ToolResult()
}

// From testdata/src/failopen/handwrittenmcpgo/handwrittenmcpgo.go:
// purgeAckViaHelper (negative: it never reads "Which bucket?", and the
// acknowledgement confirms).
func purgeAckViaHelper(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		ack := server.ElicitationResponse(req.Params.InputResponses, "ack")
		if ack == nil {
			return askBoth(bucket), nil
		}
		if ack.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}

// From testdata/src/failopen/handwrittenmcpgo/handwrittenmcpgo.go:
// purgeAckUnread (positive: the acknowledgement is only told present, and
// declining it purges).
func purgeAckUnread(s *store) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket := req.GetString("bucket", "")
		which := server.ElicitationResponse(req.Params.InputResponses, "bucket")
		ack := server.ElicitationResponse(req.Params.InputResponses, "ack")
		if which == nil || ack == nil {
			return askBoth(bucket), nil
		}
		if which.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("purged"), s.purge(bucket)
	}
}
