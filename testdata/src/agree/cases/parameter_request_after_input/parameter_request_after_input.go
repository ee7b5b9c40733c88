// Package parameter_request_after_input is a case of the agreement corpus: a
// handler with a second request after the input.
//
//agree:want resolvegraph/parameter-kind
package parameter_request_after_input

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock, r2 *mcp.CallToolRequest) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "parameter_request_after_input"}, handle, kit.CheckStock)
}
