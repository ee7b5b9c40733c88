// Package resolver_int is a case of the agreement corpus: a resolver that is
// not a function.
//
//agree:want resolvegraph/resolver-signature
package resolver_int

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "resolver_int"}, kit.WithStock, kit.CheckStock, 7)
}
