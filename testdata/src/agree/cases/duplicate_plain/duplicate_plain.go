// Package duplicate_plain is a case of the agreement corpus: two resolvers
// that provide Stock.
//
//agree:want resolvegraph/duplicate-provider
package duplicate_plain

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func stock2(ctx context.Context) (kit.Stock, error) { return kit.Stock{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "duplicate_plain"}, kit.WithStock, kit.CheckStock, stock2)
}
