// Package answer_defined_form is a case of the agreement corpus: a type
// defined from resolve.Form is a map, not resolve.Form.
//
//agree:want elicitbase/answer-type
package answer_defined_form

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answers resolve.Form

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answers) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answers], error) {
	return resolve.Given(*new(Answers)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_defined_form"}, handle, ask)
}
