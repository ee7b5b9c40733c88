// Package answer_pointer_map is a case of the agreement corpus: a resolver
// typed Elicit over a pointer to a map.
//
//agree:want elicitbase/answer-type
package answer_pointer_map

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a *map[string]string) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[*map[string]string], error) {
	return resolve.Given(*new(*map[string]string)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_pointer_map"}, handle, ask)
}
