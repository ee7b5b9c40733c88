// Package handler_variadic is a case of the agreement corpus: a variadic
// handler.
//
//agree:want resolvegraph/handler-signature
package handler_variadic

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in ...kit.In) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_variadic"}, handle)
}
