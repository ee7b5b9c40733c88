// Package answer_string is a case of the agreement corpus: a resolver typed
// Elicit[string].
//
//agree:want elicitbase/answer-type
package answer_string

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a string) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[string], error) {
	return resolve.Given(*new(string)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_string"}, handle, ask)
}
