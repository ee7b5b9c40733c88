// Package handwrittenmcpgo drives the input-required flow by hand on
// mcp-go: server.NewInputRequestBuilder asks, server.ElicitationResponse
// reads the answer (nil when it is missing or cannot be decoded).
package handwrittenmcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func purge(bucket string) error { return os.RemoveAll(bucket) }

func ask(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("purge", mcp.ElicitationParams{Message: "Purge " + bucket + "?"}).
		ToolResult()
}

// purgeClosed asks while the answer is missing.
func purgeClosed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "purge")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeOpen stops on a decline it can see: a missing answer purges.
func purgeOpen(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "purge") // want `^when the answer "purge" is missing, handwrittenmcpgo\.purgeOpen goes on into the code that only acceptance reaches`
	if answer != nil && answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// Two questions in one round: which bucket, and an acknowledgement.

func askBoth(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("bucket", mcp.ElicitationParams{Message: "Which bucket?"}).
		Elicit("ack", mcp.ElicitationParams{Message: "Every object of " + bucket + " goes. Continue?"}).
		ToolResult()
}

// purgeBothAccepted stops unless both answers are acceptances.
func purgeBothAccepted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	which := server.ElicitationResponse(req.Params.InputResponses, "bucket")
	ack := server.ElicitationResponse(req.Params.InputResponses, "ack")
	if which == nil || ack == nil {
		return askBoth(bucket), nil
	}
	if which.Action != mcp.ElicitationResponseActionAccept || ack.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// ackAccepted is the team's reader of the acknowledgement.
func ackAccepted(req mcp.CallToolRequest) bool { // want ackAccepted:"confirmer value=0 accept=1:true decline=1:false cancel=1:false fail=1:false"
	ack := server.ElicitationResponse(req.Params.InputResponses, "ack")
	return ack != nil && ack.Action == mcp.ElicitationResponseActionAccept
}

// purgeAckViaHelper tells the acknowledgement present here, and reads it
// through its helper.
func purgeAckViaHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if server.ElicitationResponse(req.Params.InputResponses, "ack") == nil {
		return askBoth(bucket), nil
	}
	if !ackAccepted(req) {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeAckUnread checks the bucket's answer and only that the
// acknowledgement is there: declining it purges.
func purgeAckUnread(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	which := server.ElicitationResponse(req.Params.InputResponses, "bucket")
	ack := server.ElicitationResponse(req.Params.InputResponses, "ack") // want `^when the user declines the question "ack", handwrittenmcpgo\.purgeAckUnread goes on into the code that acceptance reaches`
	if which == nil || ack == nil {
		return askBoth(bucket), nil
	}
	if which.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeReaskInline asks again, with the builder chain written inline,
// for a missing answer, and again after a cancel: no re-ask is code that
// only acceptance reaches.
func purgeReaskInline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "purge")
	if answer == nil || answer.Action == mcp.ElicitationResponseActionCancel {
		return server.NewInputRequestBuilder("").
			Elicit("purge", mcp.ElicitationParams{Message: "Purge " + bucket + "?"}).
			ToolResult(), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeReaskUnlessAccepted stops on a decline and asks again, with the
// builder chain written inline, on any other answer that is not an
// acceptance: the missing answer, a cancel and an accepted form alike
// reach the re-ask, which does nothing a confirmation guards.
func purgeReaskUnlessAccepted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "purge")
	if answer != nil && answer.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("kept"), nil
	}
	content := map[string]any{}
	if answer != nil {
		content, _ = answer.Content.(map[string]any)
	}
	if answer == nil || answer.Action != mcp.ElicitationResponseActionAccept || content["reason"] == "" {
		return server.NewInputRequestBuilder("").
			Elicit("purge", mcp.ElicitationParams{Message: "Purge " + bucket + "? Say why."}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}
