// Package mgkit is the kit of the corpus's mcp-go cases (package kit's
// twin, in the types of the runtime's mcp-go binding): a tool input and
// output, a value a resolver computes, an answer a resolver asks for, and
// a chain of questions. Nothing here is wrong, and the agreement test
// checks that the analyzers report nothing in it.
package mgkit

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// In is the input of most mcp-go tools of the corpus.
type In struct {
	Title string `json:"title"`
}

// Out is the output of most mcp-go tools of the corpus.
type Out struct {
	OK bool `json:"ok"`
}

// Stock is computed by CheckStock.
type Stock struct{ Copies int }

// Backorder is asked for by Confirm.
type Backorder struct {
	Confirm bool `json:"confirm"`
}

// CheckStock provides Stock.
func CheckStock(ctx context.Context, in In) (Stock, error) { return Stock{Copies: len(in.Title)}, nil }

// Confirm provides Backorder, and asks for it when the book is out of stock.
func Confirm(ctx context.Context, in In, s Stock) (resolve.Elicit[Backorder], error) {
	if s.Copies > 0 {
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder]("out of stock; order anyway?"), nil
}

// Order is a handler with two resolved parameters.
func Order(ctx context.Context, req mcp.CallToolRequest, in In, s Stock, b resolve.Outcome[Backorder]) (Out, error) {
	return Out{OK: b.Accepted()}, nil
}

// WithStock is a handler that needs Stock.
func WithStock(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{}, nil
}

// WithBackorder is a handler that needs Backorder.
func WithBackorder(ctx context.Context, req mcp.CallToolRequest, in In, b Backorder) (Out, error) {
	return Out{}, nil
}

// Q1..Q4 are the answers of a chain of dependent questions.
type (
	Q1 struct{ OK bool }
	Q2 struct{ OK bool }
	Q3 struct{ OK bool }
	Q4 struct{ OK bool }
)

// First asks the first question of the chain.
func First(ctx context.Context) (resolve.Elicit[Q1], error) { return resolve.Ask[Q1]("1?"), nil }

// Step asks a question that depends on the previous answer.
func Step[P, T any](ctx context.Context, p P) (resolve.Elicit[T], error) {
	return resolve.Given(*new(T)), nil
}

// End is a handler that uses the last answer of a chain.
func End[T any](ctx context.Context, req mcp.CallToolRequest, in In, q T) (Out, error) {
	return Out{}, nil
}
