// Package server is the test case of mcplint's integrations
// (scripts/test-integrations.sh): golangci-lint, gopls check and an editor
// must report each finding marked with a want comment, and nothing else.
//
// A want comment names the analyzer and a substring of its message:
//
//	// want analyzer "substring"
package server

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

type Stock struct{ Copies int }

type Confirm struct {
	OK bool `json:"ok"`
}

type Second struct {
	OK bool `json:"ok"`
}

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{Copies: 1}, nil }

func confirm(ctx context.Context, s Stock) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("Order anyway?"), nil
}

func confirmAgain(ctx context.Context, c Confirm) (resolve.Elicit[Second], error) {
	return resolve.Ask[Second]("Really?"), nil
}

func order(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock, c Confirm) (Out, error) {
	return Out{OK: c.OK}, nil
}

func orderTwice(ctx context.Context, req *mcp.CallToolRequest, in In, c Confirm, c2 Second) (Out, error) {
	return Out{OK: c.OK && c2.OK}, nil
}

// anything has no static form schema.
func anything(ctx context.Context) (resolve.Elicit[any], error) { // want elicitbase "returns resolve.Elicit[any]: any has no static form schema"
	return resolve.Ask[any]("Anything?"), nil
}

// mixed returns its own input-required result beside resolved parameters.
func mixed(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	// Correct.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order"}, order, checkStock, confirm)
	// No resolver provides Stock.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_nostock"}, order, confirm) // want resolvegraph "handler order has parameter s of type Stock, and no resolver provides Stock" resolvegraph "resolver confirm has parameter s of type Stock"
	// Two dependent questions: fine with the default budget, reported
	// with the budget of 1 that golangci-settings.yml passes.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_twice"}, orderTwice, checkStock, confirm, confirmAgain) // want[budget1] resolvegraph "round budget of 1"
	resolve.MustAddTool(s, &mcp.Tool{Name: "mixed"}, mixed, checkStock)                                   // want resolvemix "CallToolResult"
	// Suppressed: no finding.
	//mcplint:ignore resolvegraph the test case of a suppressed finding
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_ignored"}, order, confirm)
	_ = anything
}
