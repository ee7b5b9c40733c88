// Package answer_map is a case of the agreement corpus: a resolver typed
// Elicit[map[string]any].
//
//agree:want elicitbase/answer-type
package answer_map

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a map[string]any) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[map[string]any], error) {
	return resolve.Given(*new(map[string]any)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_map"}, handle, ask)
}
