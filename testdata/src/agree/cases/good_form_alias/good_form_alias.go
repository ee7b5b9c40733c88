// Package good_form_alias is a case of the agreement corpus: an alias of
// resolve.Form is resolve.Form.
//
//agree:want none
package good_form_alias

import (
	"context"

	"example.com/agree/kit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answers = resolve.Form

func ask(ctx context.Context, in kit.In) (resolve.Elicit[Answers], error) {
	return resolve.AskForm("which edition?", &jsonschema.Schema{Type: "object"}), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, f Answers) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_form_alias"}, handle, ask)
}
