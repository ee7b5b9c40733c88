// Package pure_effect is a case of the agreement corpus: the confirming
// resolver removes a file before the user answers. It registers fine: the
// runtime cannot see what a resolver body does, so resolvepure, static
// only in the rule core's table, has nothing to agree with.
//
//agree:want none
package pure_effect

import (
	"context"
	"os"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(ctx context.Context, in kit.In) (resolve.Elicit[kit.Backorder], error) {
	os.Remove(in.Title + ".bak")
	return resolve.Ask[kit.Backorder]("order " + in.Title + "?"), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "pure_effect"}, kit.WithBackorder, confirm)
}
