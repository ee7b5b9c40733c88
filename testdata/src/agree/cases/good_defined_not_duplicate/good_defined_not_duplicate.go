// Package good_defined_not_duplicate is a case of the agreement corpus: a type
// defined from Stock is another type: no duplicate.
//
//agree:want none
package good_defined_not_duplicate

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Inventory kit.Stock

func inventory(ctx context.Context) (Inventory, error) { return Inventory{}, nil }

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock, i Inventory) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_defined_not_duplicate"}, handle, kit.CheckStock, inventory)
}
