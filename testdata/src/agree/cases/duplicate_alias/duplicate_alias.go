// Package duplicate_alias is a case of the agreement corpus: a resolver that
// provides an alias of Stock duplicates one that provides Stock.
//
//agree:want resolvegraph/duplicate-provider
package duplicate_alias

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Inventory = kit.Stock

func inventory(ctx context.Context) (Inventory, error) { return Inventory{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "duplicate_alias"}, kit.WithStock, kit.CheckStock, inventory)
}
