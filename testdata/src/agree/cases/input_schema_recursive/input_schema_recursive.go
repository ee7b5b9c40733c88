// Package input_schema_recursive is a case of the agreement corpus: a
// recursive input type.
//
//agree:want resolvegraph/input-schema
package input_schema_recursive

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Node struct {
	Name string
	Next *Node
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in Node) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_recursive"}, handle)
}
