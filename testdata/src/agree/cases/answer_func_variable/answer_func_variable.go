// Package answer_func_variable is a case of the agreement corpus: a resolver
// typed Elicit[any], held in a variable.
//
//agree:want elicitbase/answer-type
package answer_func_variable

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a any) (kit.Out, error) {
	return kit.Out{}, nil
}

var ask = func(ctx context.Context) (resolve.Elicit[any], error) { return resolve.Given[any](nil), nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_func_variable"}, handle, ask)
}
