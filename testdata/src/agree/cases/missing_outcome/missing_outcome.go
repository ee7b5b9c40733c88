// Package missing_outcome is a case of the agreement corpus: an Outcome
// parameter that no resolver provides.
//
//agree:want resolvegraph/missing-provider
package missing_outcome

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, b resolve.Outcome[kit.Backorder]) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_outcome"}, handle)
}
