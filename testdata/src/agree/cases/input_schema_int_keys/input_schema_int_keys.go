// Package input_schema_int_keys is a case of the agreement corpus: a map input
// with int keys.
//
//agree:want resolvegraph/input-schema
package input_schema_int_keys

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Params map[int]string

func handle(ctx context.Context, req *mcp.CallToolRequest, in Params) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_int_keys"}, handle)
}
