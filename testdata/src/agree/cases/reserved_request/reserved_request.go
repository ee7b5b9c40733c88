// Package reserved_request is a case of the agreement corpus: a resolver that
// provides *mcp.CallToolRequest.
//
//agree:want resolvegraph/reserved-type
package reserved_request

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func provide(ctx context.Context) (*mcp.CallToolRequest, error) { return nil, nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "reserved_request"}, kit.WithStock, kit.CheckStock, provide)
}
