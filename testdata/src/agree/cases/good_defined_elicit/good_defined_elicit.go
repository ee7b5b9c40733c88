// Package good_defined_elicit is a case of the agreement corpus: a type
// defined from resolve.Elicit[T] has none of its methods: it is a plain value,
// not a question.
//
//agree:want none
package good_defined_elicit

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Pending resolve.Elicit[kit.Backorder]

func pending(ctx context.Context) (Pending, error) { return Pending{}, nil }

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, p Pending) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_defined_elicit"}, handle, pending)
}
