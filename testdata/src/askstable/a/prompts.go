package a

// Prompts take resolvers too: a value another resolver gives is followed
// into the question the same way.

import (
	"context"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ReviewBy struct{ At string }

func reviewBy(ctx context.Context, req *mcp.GetPromptRequest) (ReviewBy, error) {
	return ReviewBy{At: time.Now().Add(24 * time.Hour).String()}, nil
}

type ReviewAck struct {
	OK bool `json:"ok"`
}

func confirmReview(ctx context.Context, req *mcp.GetPromptRequest, by ReviewBy) (resolve.Elicit[ReviewAck], error) {
	return resolve.Ask[ReviewAck]("Review by " + by.At + "?"), nil // want `message depends on the value resolver reviewBy gives`
}

func reviewPrompt(ctx context.Context, req *mcp.GetPromptRequest, ack ReviewAck) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Review it."}}}}, nil
}

func registerPrompt(s *mcp.Server) error {
	return resolve.AddPrompt(s, &mcp.Prompt{Name: "review"}, reviewPrompt, reviewBy, confirmReview)
}
