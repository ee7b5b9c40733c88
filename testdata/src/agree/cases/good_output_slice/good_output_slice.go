// Package good_output_slice is a case of the agreement corpus: a slice result
// has a schema, and registration does not require an object.
//
//agree:want none
package good_output_slice

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) ([]string, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_output_slice"}, handle)
}
