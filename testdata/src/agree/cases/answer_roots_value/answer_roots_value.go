// Package answer_roots_value is a case of the agreement corpus:
// Elicit[mcp.ListRootsResult], not the *mcp.ListRootsResult of AskRoots.
//
//agree:want elicitbase/answer-type
package answer_roots_value

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a mcp.ListRootsResult) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[mcp.ListRootsResult], error) {
	return resolve.Given(*new(mcp.ListRootsResult)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_roots_value"}, handle, ask)
}
