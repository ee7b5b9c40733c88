// Package output_schema_chan is a case of the agreement corpus: a channel
// result.
//
//agree:want resolvegraph/output-schema
package output_schema_chan

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (chan int, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "output_schema_chan"}, handle)
}
