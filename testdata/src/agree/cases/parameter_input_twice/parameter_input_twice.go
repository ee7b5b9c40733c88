// Package parameter_input_twice is a case of the agreement corpus: a handler
// with the input twice.
//
//agree:want resolvegraph/parameter-kind
package parameter_input_twice

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, again kit.In) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "parameter_input_twice"}, handle)
}
