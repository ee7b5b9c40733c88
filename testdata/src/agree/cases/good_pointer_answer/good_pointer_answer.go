// Package good_pointer_answer is a case of the agreement corpus: Elicit[*T]
// for a flat struct T has a form schema.
//
//agree:want none
package good_pointer_answer

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context) (resolve.Elicit[*kit.Backorder], error) {
	return resolve.Ask[*kit.Backorder]("order anyway?"), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, b *kit.Backorder) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_pointer_answer"}, handle, ask)
}
