// Package good_roots is a case of the agreement corpus: a roots question.
//
//agree:want none
package good_roots

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func roots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, r *mcp.ListRootsResult) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_roots"}, handle, roots)
}
