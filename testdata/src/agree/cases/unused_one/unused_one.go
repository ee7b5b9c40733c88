// Package unused_one is a case of the agreement corpus: a resolver whose value
// nothing uses.
//
//agree:want resolvegraph/unused-resolver
package unused_one

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "unused_one"}, kit.WithStock, kit.CheckStock, kit.Confirm)
}
