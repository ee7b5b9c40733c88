// Package reserved_input is a case of the agreement corpus: a resolver that
// provides the tool input.
//
//agree:want resolvegraph/reserved-type
package reserved_input

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (kit.In, error) { return kit.In{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_input"}, kit.WithStock, kit.CheckStock, provide)
}
