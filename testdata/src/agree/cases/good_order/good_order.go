// Package good_order is a case of the agreement corpus: a handler with a plain
// and an eliciting resolver, one seen as an Outcome.
//
//agree:want none
package good_order

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_order"}, kit.Order, kit.CheckStock, kit.Confirm)
}
