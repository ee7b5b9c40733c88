// Package input_schema_interface is a case of the agreement corpus: an
// interface input other than any.
//
//agree:want resolvegraph/input-schema
package input_schema_interface

import (
	"context"
	"io"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in io.Reader) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_interface"}, handle)
}
