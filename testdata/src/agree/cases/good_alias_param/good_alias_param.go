// Package good_alias_param is a case of the agreement corpus: a parameter
// typed with an alias of the provided type.
//
//agree:want none
package good_alias_param

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Inventory = kit.Stock

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s Inventory) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_alias_param"}, handle, kit.CheckStock)
}
