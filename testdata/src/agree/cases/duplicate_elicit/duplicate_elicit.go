// Package duplicate_elicit is a case of the agreement corpus: a plain and an
// eliciting resolver that both provide Backorder.
//
//agree:want resolvegraph/duplicate-provider
package duplicate_elicit

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func backorder(ctx context.Context) (kit.Backorder, error) { return kit.Backorder{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "duplicate_elicit"}, kit.WithBackorder, kit.CheckStock, kit.Confirm, backorder)
}
