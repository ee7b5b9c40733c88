// Package missing_method_expression is a case of the agreement corpus: a
// method expression resolver takes its receiver as its first parameter.
//
//agree:want resolvegraph/missing-provider
package missing_method_expression

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type service struct{}

func (service) stock(ctx context.Context) (kit.Stock, error) { return kit.Stock{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_method_expression"}, kit.WithStock, service.stock)
}
