// Package several_rules is a case of the agreement corpus: one registration
// that breaks all three rules.
//
//agree:want resolvemix/declared elicitbase/answer-type resolvegraph/missing-provider resolvegraph/unused-resolver
package several_rules

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context) (resolve.Elicit[map[string]any], error) {
	return resolve.Given[map[string]any](nil), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a map[string]any, b kit.Backorder) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "several_rules"}, handle, ask, kit.CheckStock)
}
