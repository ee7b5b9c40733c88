// Package input_key_duplicate is a case of the agreement corpus: two questions
// under one wire key.
//
//agree:want resolvegraph/input-key
package input_key_duplicate

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

type Nickname struct {
	Name string `json:"name"`
}

func (Nickname) InputKey() string { return "user_name" }

func askNick(ctx context.Context) (resolve.Elicit[Nickname], error) {
	return resolve.Ask[Nickname]("nickname?"), nil
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in kit.In, u UserName, n Nickname) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_key_duplicate"}, greet, askUser, askNick)
}
