// Package parameter_elicit is a case of the agreement corpus: a resolver
// parameter typed as a resolver result.
//
//agree:want resolvegraph/parameter-kind
package parameter_elicit

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func useElicit(ctx context.Context, e resolve.Elicit[kit.Stock]) (kit.Backorder, error) {
	return kit.Backorder{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "parameter_elicit"}, kit.WithBackorder, useElicit)
}
