// Package reserved_elicit_context is a case of the agreement corpus: a
// resolver that asks for a context.Context: no form schema, and a reserved
// type.
//
//agree:want elicitbase/answer-type resolvegraph/reserved-type
package reserved_elicit_context

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (resolve.Elicit[context.Context], error) {
	return resolve.Given(ctx), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_elicit_context"}, kit.WithStock, kit.CheckStock, provide)
}
