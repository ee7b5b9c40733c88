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
