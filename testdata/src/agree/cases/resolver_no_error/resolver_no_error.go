// Package resolver_no_error is a case of the agreement corpus: a resolver
// whose second result is not an error, and so no provider of Stock.
//
//agree:want resolvegraph/resolver-signature resolvegraph/missing-provider
package resolver_no_error

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func stock(ctx context.Context) (kit.Stock, bool) { return kit.Stock{}, false }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "resolver_no_error"}, kit.WithStock, stock)
}
