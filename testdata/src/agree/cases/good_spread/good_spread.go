// Package good_spread is a case of the agreement corpus: resolvers passed as a
// slice literal with ....
//
//agree:want none
package good_spread

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_spread"}, kit.Order, []any{kit.CheckStock, kit.Confirm}...)
}
