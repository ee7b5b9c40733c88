// Package good_runtime_method is a case of the agreement corpus: registration
// through a Runtime of one's own.
//
//agree:want none
package good_runtime_method

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	rt, err := resolve.New(nil)
	if err != nil {
		return err
	}
	return rt.AddTool(s, &mcp.Tool{Name: "good_runtime_method"}, kit.Order, kit.Confirm, kit.CheckStock)
}
