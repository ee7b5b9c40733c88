// Package good_any_input is a case of the agreement corpus: a tool whose input
// is any takes any JSON object.
//
//agree:want none
package good_any_input

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in any) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_any_input"}, handle)
}
