// Package mcpgo_input_key_duplicate is a case of the agreement corpus,
// registered through the runtime's mcp-go binding: two questions under one
// wire key.
//
//agree:want resolvegraph/input-key
package mcpgo_input_key_duplicate

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
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

func greet(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, u UserName, n Nickname) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_input_key_duplicate"), greet, askUser, askNick)
}
