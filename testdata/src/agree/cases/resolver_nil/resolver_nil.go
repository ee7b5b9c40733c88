// Package resolver_nil is a case of the agreement corpus: a nil resolver, and
// so no provider of Stock.
//
//agree:want resolvegraph/resolver-signature resolvegraph/missing-provider
package resolver_nil

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "resolver_nil"}, kit.WithStock, nil)
}
