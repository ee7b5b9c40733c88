// Package schema_both is a case of the agreement corpus: an int input and a
// channel result: the input is reported, and the output is not looked at.
//
//agree:want resolvegraph/input-schema
package schema_both

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in int) (chan int, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "schema_both"}, handle)
}
