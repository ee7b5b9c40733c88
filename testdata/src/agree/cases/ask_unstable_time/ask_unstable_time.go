// Package ask_unstable_time is a case of the agreement corpus, called as
// well as registered: the question carries the time it is asked at, so it
// is new every round. It registers fine; askstable reports the question,
// and the runtime ends the call.
//
//agree:want none
package ask_unstable_time

import (
	"context"
	"time"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(ctx context.Context, in kit.In) (resolve.Elicit[kit.Backorder], error) {
	return resolve.Ask[kit.Backorder]("order " + in.Title + "? (asked " + time.Now().Format(time.RFC3339Nano) + ")"), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "ask_unstable_time"}, kit.WithBackorder, confirm)
}
