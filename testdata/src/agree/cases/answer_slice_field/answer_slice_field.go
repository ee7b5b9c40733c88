// Package answer_slice_field is a case of the agreement corpus: a resolver
// typed Elicit over a struct with a slice field.
//
//agree:want elicitbase/answer-type
package answer_slice_field

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answer struct {
	Tags []string `json:"tags"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Given(*new(Answer)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_slice_field"}, handle, ask)
}
