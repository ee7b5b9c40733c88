// Package answer_generic is a case of the agreement corpus: an instantiated
// generic resolver: the problem shows only at the registration (category
// argument).
//
//agree:want elicitbase/answer-type
package answer_generic

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask[T any](ctx context.Context) (resolve.Elicit[T], error) {
	return resolve.Ask[T]("anything?"), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a map[string]any) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_generic"}, handle, ask[map[string]any])
}
