// Package reserved_outcome is a case of the agreement corpus: a resolver that
// provides an Outcome.
//
//agree:want resolvegraph/reserved-type
package reserved_outcome

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (resolve.Outcome[kit.Stock], error) {
	return resolve.Outcome[kit.Stock]{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_outcome"}, kit.WithStock, kit.CheckStock, provide)
}
