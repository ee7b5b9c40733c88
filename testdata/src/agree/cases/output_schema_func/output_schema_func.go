// Package output_schema_func is a case of the agreement corpus: a function
// result.
//
//agree:want resolvegraph/output-schema
package output_schema_func

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (func(), error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "output_schema_func"}, handle)
}
