// Package server is the test case of mcplint's integrations
// (scripts/test-integrations.sh): golangci-lint, gopls check and an editor
// must report each finding marked with a want comment, and nothing else.
//
// A want comment lists, for its line, the analyzer and a substring of the
// message of each finding:
//
//	// want analyzer "substring" [analyzer "substring"...]
//
// A finding marked want[default] is reported only with the default
// settings, one marked want[settings] only with those of
// golangci-settings.yml (or the same flags in MCPLINT_FLAGS for gopls),
// one marked want[unused] only with suppress's flag unused (set there and
// in docs/ci.md's example).
package server // want[settings] statereach "-statereach.verifiers: example.com/integrations.checkTokn: package example.com/integrations has no function checkTokn"

import (
	"context"
	"errors"

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
func anything(ctx context.Context) (resolve.Elicit[any], error) { // want elicitbase "returns resolve.Elicit[any], but any has no static form schema"
	return resolve.Ask[any]("Anything?"), nil
}

// mixed returns its own input-required result beside resolved parameters.
func mixed(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// askRoots asks for the client's roots as a form question; elicitbase
// offers a fix (resolve.AskRoots()).
func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.Ask[*mcp.ListRootsResult]("Which roots?"), nil // want elicitbase "use resolve.AskRoots"
}

func useRoots(ctx context.Context, req *mcp.CallToolRequest, in In, r *mcp.ListRootsResult) (Out, error) {
	return Out{OK: len(r.Roots) > 0}, nil
}

// peekStock is a resolver that reads the request state the runtime owns.
func peekStock(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
	if req.Params.RequestState != "" { // want statereach "resolver peekStock reads req.Params.RequestState outside the elicit path"
		return Stock{Copies: 1}, nil
	}
	return Stock{}, nil
}

// checkToken verifies request state; only the settings declare it a
// verifier (statereach's -verifiers).
func checkToken(token string) ([]byte, error) {
	if token == "" {
		return nil, errors.New("no state")
	}
	return []byte(token), nil
}

// handwritten drives the multi-round flow by hand, without resolvers.
func handwritten(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	state := req.Params.RequestState
	if _, err := checkToken(state); err != nil {
		return nil, Out{}, err
	}
	if state == "round=2" { // want[default] statereach "handwritten compares state (req.Params.RequestState)"
		return nil, Out{OK: true}, nil
	}
	return nil, Out{}, nil
}

func Register(s *mcp.Server) {
	// Correct.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order"}, order, checkStock, confirm)
	// No resolver provides Stock.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_nostock"}, order, confirm) // want resolvegraph "handler integrations.order has parameter 4 of type server.Stock, and no resolver provides server.Stock" resolvegraph "resolver integrations.confirm has parameter 2 of type server.Stock"
	// Two dependent questions: fine with the default budget, reported
	// with the budget of 1 of the settings.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_twice"}, orderTwice, checkStock, confirm, confirmAgain) // want[settings] resolvegraph "round budget of 1"
	resolve.MustAddTool(s, &mcp.Tool{Name: "mixed"}, mixed, checkStock)                                   // want resolvemix "CallToolResult"
	// A resolver nothing uses: its removal is the suggested fix.
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_extra"}, order, checkStock, confirm, confirmAgain) // want resolvegraph "resolver integrations.confirmAgain provides server.Second, which neither the handler nor another resolver uses"
	// Suppressed: no finding.
	//mcplint:ignore resolvegraph the test case of a suppressed finding
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_ignored"}, order, confirm)
	resolve.MustAddTool(s, &mcp.Tool{Name: "roots"}, useRoots, askRoots)
	resolve.MustAddTool(s, &mcp.Tool{Name: "order_peek"}, order, peekStock, confirm)
	mcp.AddTool(s, &mcp.Tool{Name: "handwritten"}, handwritten)
	_ = anything    //mcplint:ignore resolvgraph a typo // want suppress "mcplint:ignore directive names unknown analyzer \"resolvgraph\""
	_ = handwritten //mcplint:ignore syncask left behind // want[unused] suppress "mcplint:ignore directive for syncask suppresses nothing"
}
