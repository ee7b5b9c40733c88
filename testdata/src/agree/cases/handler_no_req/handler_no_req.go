// Package handler_no_req is a case of the agreement corpus: a handler whose
// second parameter is *mcp.CallToolParams, not *mcp.CallToolRequest.
//
//agree:want resolvegraph/handler-signature
package handler_no_req

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolParams, in kit.In) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_no_req"}, handle)
}
