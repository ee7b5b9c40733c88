// Package resolver_variadic is a case of the agreement corpus: a variadic
// resolver, and so no provider of Stock.
//
//agree:want resolvegraph/resolver-signature resolvegraph/missing-provider
package resolver_variadic

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func stock(ctx context.Context, xs ...int) (kit.Stock, error) { return kit.Stock{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "resolver_variadic"}, kit.WithStock, stock)
}
