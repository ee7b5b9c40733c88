// Package output_schema_embeds_time is a case of the agreement corpus: a
// result struct that embeds time.Time.
//
//agree:want resolvegraph/output-schema
package output_schema_embeds_time

import (
	"context"
	"time"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	time.Time
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (Out, error) {
	return Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "output_schema_embeds_time"}, handle)
}
