// Package answer_uintptr_field is a case of the agreement corpus: a form field
// of type uintptr is not a number a client can send.
//
//agree:want elicitbase/answer-type
package answer_uintptr_field

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answer struct {
	Addr uintptr `json:"addr"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Given(*new(Answer)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_uintptr_field"}, handle, ask)
}
