// Package good_schemas_set is a case of the agreement corpus: schemas set by
// hand are used as they are, so types without a JSON schema are fine.
//
//agree:want none
package good_schemas_set

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ C chan int }

func handle(ctx context.Context, req *mcp.CallToolRequest, in In) (chan int, error) {
	return nil, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{
		Name:         "good_schemas_set",
		InputSchema:  map[string]any{"type": "object"},
		OutputSchema: map[string]any{"type": "object"},
	}, handle)
}
