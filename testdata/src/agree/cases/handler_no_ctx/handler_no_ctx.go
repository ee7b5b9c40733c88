// Package handler_no_ctx is a case of the agreement corpus: a handler whose
// first parameter is not a context.Context.
//
//agree:want resolvegraph/handler-signature
package handler_no_ctx

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx string, req *mcp.CallToolRequest, in kit.In) (kit.Out, error) { return kit.Out{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_no_ctx"}, handle)
}
