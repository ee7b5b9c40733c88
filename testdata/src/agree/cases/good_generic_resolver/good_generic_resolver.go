// Package good_generic_resolver is a case of the agreement corpus: an
// instantiated generic resolver.
//
//agree:want none
package good_generic_resolver

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func zero[T any](ctx context.Context) (T, error) { return *new(T), nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_generic_resolver"}, kit.WithStock, zero[kit.Stock])
}
