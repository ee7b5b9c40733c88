// Package tools registers resolver tools with one finding of each analyzer.
package tools

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}

type Stock struct{ Copies int }

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

func askAnything(ctx context.Context) (resolve.Elicit[any], error) {
	return resolve.Ask[any]("anything?"), nil
}

func order(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock, v any) (*mcp.CallToolResult, error) {
	return nil, nil
}

func restock(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (In, error) {
	return in, nil
}

func Register(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "order"}, order, checkStock, askAnything)
	resolve.MustAddTool(s, &mcp.Tool{Name: "restock"}, restock)
}
