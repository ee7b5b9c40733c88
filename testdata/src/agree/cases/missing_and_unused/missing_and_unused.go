// Package missing_and_unused is a case of the agreement corpus: an unused
// resolver whose own parameter has no provider.
//
//agree:want resolvegraph/missing-provider resolvegraph/unused-resolver
package missing_and_unused

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Discount struct{ Percent int }

type Coupon struct{ Code string }

func discount(ctx context.Context, c Coupon) (Discount, error) { return Discount{}, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_and_unused"}, kit.WithStock, kit.CheckStock, discount)
}
