// Package good_closure_method is a case of the agreement corpus: a function
// literal handler and a method value resolver.
//
//agree:want none
package good_closure_method

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type service struct{ copies int }

func (s service) stock(ctx context.Context) (kit.Stock, error) {
	return kit.Stock{Copies: s.copies}, nil
}

func Register(s *mcp.Server) error {
	svc := service{copies: 3}
	return resolve.AddTool(s, &mcp.Tool{Name: "good_closure_method"},
		func(ctx context.Context, req *mcp.CallToolRequest, in kit.In, st kit.Stock) (kit.Out, error) {
			return kit.Out{OK: st.Copies > 0}, nil
		},
		svc.stock)
}
