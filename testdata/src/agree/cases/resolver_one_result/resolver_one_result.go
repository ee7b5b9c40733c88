// Package resolver_one_result is a case of the agreement corpus: a resolver
// without an error result, and so no provider of Stock.
//
//agree:want resolvegraph/resolver-signature resolvegraph/missing-provider
package resolver_one_result

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func stock(ctx context.Context) kit.Stock { return kit.Stock{} }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "resolver_one_result"}, kit.WithStock, stock)
}
