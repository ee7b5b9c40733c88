// Package reserved_context is a case of the agreement corpus: a resolver that
// provides context.Context.
//
//agree:want resolvegraph/reserved-type
package reserved_context

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (context.Context, error) { return ctx, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_context"}, kit.WithStock, kit.CheckStock, provide)
}
