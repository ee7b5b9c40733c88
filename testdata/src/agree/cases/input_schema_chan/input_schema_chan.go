// Package input_schema_chan is a case of the agreement corpus: an input struct
// with a channel field.
//
//agree:want resolvegraph/input-schema
package input_schema_chan

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ C chan int }

func handle(ctx context.Context, req *mcp.CallToolRequest, in In) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_chan"}, handle)
}
