// Package clean registers a resolver tool that keeps every rule.
package clean

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Confirm struct {
	OK bool `json:"ok"`
}

func confirm(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("order " + in.Title + "?"), nil
}

func order(ctx context.Context, req *mcp.CallToolRequest, in In, c resolve.Outcome[Confirm]) (Out, error) {
	return Out{OK: c.Accepted()}, nil
}

func Register(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "order"}, order, confirm)
}
