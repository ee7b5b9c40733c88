// Package good_embedded_elicit is a case of the agreement corpus: a struct
// that embeds resolve.Elicit[T] has its methods: the resolver asks for T.
//
//agree:want none
package good_embedded_elicit

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Pending struct{ resolve.Elicit[kit.Backorder] }

func pending(ctx context.Context) (Pending, error) {
	return Pending{resolve.Ask[kit.Backorder]("order anyway?")}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_embedded_elicit"}, kit.WithBackorder, pending)
}
