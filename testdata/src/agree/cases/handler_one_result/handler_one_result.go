// Package handler_one_result is a case of the agreement corpus: a handler
// without an error result.
//
//agree:want resolvegraph/handler-signature
package handler_one_result

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In) kit.Out { return kit.Out{} }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_one_result"}, handle)
}
