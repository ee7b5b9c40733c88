// Package ask_unstable_counter is a case of the agreement corpus, called
// as well as registered: the question numbers itself with a counter that
// every rendering advances, so it is new every round. It registers fine;
// askstable reports the question, and the runtime ends the call.
//
//agree:want none
package ask_unstable_counter

import (
	"context"
	"fmt"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// asked counts the questions rendered, across rounds and calls.
var asked int

func confirm(ctx context.Context, in kit.In) (resolve.Elicit[kit.Backorder], error) {
	asked++
	return resolve.Ask[kit.Backorder](fmt.Sprintf("question %d: order %s?", asked, in.Title)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "ask_unstable_counter"}, kit.WithBackorder, confirm)
}
