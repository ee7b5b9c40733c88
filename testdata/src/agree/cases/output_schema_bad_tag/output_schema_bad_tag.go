// Package output_schema_bad_tag is a case of the agreement corpus: a result
// struct with an empty jsonschema tag.
//
//agree:want resolvegraph/output-schema
package output_schema_bad_tag

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	Title string `jsonschema:""`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (Out, error) {
	return Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "output_schema_bad_tag"}, handle)
}
