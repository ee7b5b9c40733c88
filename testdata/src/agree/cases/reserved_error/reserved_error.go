// Package reserved_error is a case of the agreement corpus: a resolver that
// provides error.
//
//agree:want resolvegraph/reserved-type
package reserved_error

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (error, error) { return nil, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_error"}, kit.WithStock, kit.CheckStock, provide)
}
