// Package handler_no_error is a case of the agreement corpus: a handler whose
// second result is not an error.
//
//agree:want resolvegraph/handler-signature
package handler_no_error

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) (kit.Out, bool) {
	return kit.Out{}, false
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_no_error"}, handle)
}
