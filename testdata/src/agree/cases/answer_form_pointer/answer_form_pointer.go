// Package answer_form_pointer is a case of the agreement corpus:
// Elicit[*resolve.Form], not resolve.Form.
//
//agree:want elicitbase/answer-type
package answer_form_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a *resolve.Form) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[*resolve.Form], error) {
	return resolve.Given(*new(*resolve.Form)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_form_pointer"}, handle, ask)
}
