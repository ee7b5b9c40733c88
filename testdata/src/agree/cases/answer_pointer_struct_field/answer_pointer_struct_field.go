// Package answer_pointer_struct_field is a case of the agreement corpus: a
// form field that points to a struct.
//
//agree:want elicitbase/answer-type
package answer_pointer_struct_field

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answer struct {
	Order *kit.Backorder `json:"order"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Given(*new(Answer)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_pointer_struct_field"}, handle, ask)
}
