// Package answer_bad_tag is a case of the agreement corpus: a resolver typed
// Elicit over a flat struct whose schema cannot be inferred.
//
//agree:want elicitbase/answer-type
package answer_bad_tag

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answer struct {
	Name string `jsonschema:""`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Given(*new(Answer)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_bad_tag"}, handle, ask)
}
