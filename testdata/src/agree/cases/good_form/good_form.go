// Package good_form is a case of the agreement corpus:
// resolve.Elicit[resolve.Form] asks with an explicit schema.
//
//agree:want none
package good_form

import (
	"context"

	"example.com/agree/kit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context, in kit.In) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("which edition?", &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"edition": {Type: "string"}},
	}), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, f resolve.Form) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_form"}, handle, ask)
}
