// Package good_named_field is a case of the agreement corpus: a result struct
// with a named (not embedded) *mcp.CallToolResult field cannot carry an input-
// required result.
//
//agree:want none
package good_named_field

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	Inner *mcp.CallToolResult `json:"inner"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (Out, error) {
	return Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_named_field"}, handle, kit.CheckStock)
}
