package a

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Wire keys chosen by the provided type (resolve.InputKeyer).

type UserName struct {
	Name string `json:"name"`
}

func (UserName) InputKey() string { return "user_name" }

type Nickname struct {
	Name string `json:"name"`
}

func (Nickname) InputKey() string { return "user_name" }

type Blank struct {
	Name string `json:"name"`
}

func (Blank) InputKey() string { return "" }

func askUser(ctx context.Context) (resolve.Elicit[UserName], error) {
	return resolve.Ask[UserName]("name?"), nil
}

func askNick(ctx context.Context) (resolve.Elicit[Nickname], error) {
	return resolve.Ask[Nickname]("nickname?"), nil
}

func askBlank(ctx context.Context) (resolve.Elicit[Blank], error) {
	return resolve.Ask[Blank]("blank?"), nil
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in In, u UserName) (Out, error) {
	return Out{}, nil
}

func greetBoth(ctx context.Context, req *mcp.CallToolRequest, in In, u UserName, n Nickname) (Out, error) {
	return Out{}, nil
}

func greetBlank(ctx context.Context, req *mcp.CallToolRequest, in In, b Blank) (Out, error) {
	return Out{}, nil
}

func keys(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "greet"}, greet, askUser)
	resolve.AddTool(s, &mcp.Tool{Name: "both"}, greetBoth, askUser, askNick) // want `tool "both": resolvers a\.askUser and a\.askNick both ask under the key "user_name"; give one of their types an InputKey method that returns a key of its own`
	resolve.AddTool(s, &mcp.Tool{Name: "blank"}, greetBlank, askBlank)       // want `tool "blank": a\.Blank\.InputKey returns an empty key; return a key that is unique within the tool`
}
