// Package input_schema_time is a case of the agreement corpus: a time.Time
// input, whose schema is a string.
//
//agree:want resolvegraph/input-schema
package input_schema_time

import (
	"context"
	"time"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in time.Time) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_schema_time"}, handle)
}
