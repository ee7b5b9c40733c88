// Package handler_short is a case of the agreement corpus: a handler without
// the request parameter.
//
//agree:want resolvegraph/handler-signature
package handler_short

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, in kit.In) (kit.Out, error) { return kit.Out{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_short"}, handle)
}
