// Package ask_stable_input is a case of the agreement corpus, called as
// well as registered: the control of the askstable cases. The question is
// built only from the tool's input, so it is the same every round: the
// analyzers report nothing and the call completes.
//
//agree:want none
package ask_stable_input

import (
	"context"
	"fmt"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(ctx context.Context, in kit.In) (resolve.Elicit[kit.Backorder], error) {
	return resolve.Ask[kit.Backorder](fmt.Sprintf("order %s (%d letters)?", in.Title, len(in.Title))), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "ask_stable_input"}, kit.WithBackorder, confirm)
}
