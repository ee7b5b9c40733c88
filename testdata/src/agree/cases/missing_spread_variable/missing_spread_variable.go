// Package missing_spread_variable is a case of the agreement corpus:
// resolvers spread from a local variable assigned once, one of them
// missing.
//
//agree:want resolvegraph/missing-provider
package missing_spread_variable

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	resolvers := []any{kit.Confirm}
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_spread_variable"}, kit.WithBackorder, resolvers...)
}
