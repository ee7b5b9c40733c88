package a

// Shared types of the cases, and tool handlers, which may act: they run
// once, after every answer.

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

type Out struct {
	Done bool `json:"done"`
}

// Confirm is the answer of an eliciting resolver.
type Confirm struct {
	OK bool `json:"ok"`
}

// Backup is what a plain resolver provides.
type Backup struct{ Path string }

// handle is the handler of most tools: it acts, once every question is
// answered, which is where effects belong.
func handle(ctx context.Context, req *mcp.CallToolRequest, in In, b Backup) (Out, error) {
	if err := os.Remove(b.Path); err != nil {
		return Out{}, err
	}
	return Out{Done: true}, os.WriteFile(in.Path+".done", nil, 0o644)
}

// handleConfirmed is the handler of the eliciting cases.
func handleConfirmed(ctx context.Context, req *mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	if !c.OK {
		return Out{}, nil
	}
	return Out{Done: true}, os.RemoveAll(in.Path)
}
