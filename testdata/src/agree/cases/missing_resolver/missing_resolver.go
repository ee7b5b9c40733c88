// Package missing_resolver is a case of the agreement corpus: a resolver
// parameter that no resolver provides.
//
//agree:want resolvegraph/missing-provider
package missing_resolver

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_resolver"}, kit.WithBackorder, kit.Confirm)
}
