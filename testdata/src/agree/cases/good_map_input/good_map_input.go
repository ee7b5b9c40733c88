// Package good_map_input is a case of the agreement corpus: a map input with
// string keys, and a pointer result.
//
//agree:want none
package good_map_input

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Params map[string]int

func handle(ctx context.Context, req *mcp.CallToolRequest, in Params) (*kit.Out, error) {
	return &kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_map_input"}, handle)
}
