// Package answer_interface is a case of the agreement corpus: a resolver typed
// Elicit over an interface with methods.
//
//agree:want elicitbase/answer-type
package answer_interface

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Shape interface{ Area() float64 }

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Shape) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Shape], error) {
	return resolve.Given(*new(Shape)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_interface"}, handle, ask)
}
