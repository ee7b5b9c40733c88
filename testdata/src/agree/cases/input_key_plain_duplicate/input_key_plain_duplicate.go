// Package input_key_plain_duplicate is a case of the agreement corpus: a plain
// resolver's type also has a key, and two keys collide: keys are checked for
// every provided type, not only questions.
//
//agree:want resolvegraph/input-key
package input_key_plain_duplicate

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type UserName struct {
	Name string `json:"name"`
}

func (UserName) InputKey() string { return "user_name" }

func askUser(ctx context.Context) (resolve.Elicit[UserName], error) {
	return resolve.Ask[UserName]("name?"), nil
}

type Alias struct{ Name string }

func (Alias) InputKey() string { return "user_name" }

func alias(ctx context.Context) (Alias, error) { return Alias{}, nil }

func greet(ctx context.Context, req *mcp.CallToolRequest, in kit.In, u UserName, a Alias) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_key_plain_duplicate"}, greet, askUser, alias)
}
