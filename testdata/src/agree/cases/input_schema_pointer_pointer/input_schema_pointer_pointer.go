// Package input_schema_pointer_pointer is a case of the agreement corpus: a
// **In input.
//
//agree:want resolvegraph/input-schema
package input_schema_pointer_pointer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in **kit.In) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_pointer_pointer"}, handle)
}
