package a

// Resolver-based code: every read of request state is reported.

import (
	"context"

	"example.com/statereach/helpers"
	"example.com/statereach/middle"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
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

type Backorder struct {
	Confirm bool `json:"confirm"`
}

// checkStock is a plain resolver that peeks at the state.
func checkStock(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
	if req.Params.RequestState != "" { // want `^resolver checkStock reads req.Params.RequestState outside the elicit path: in resolver-based code the runtime owns request state and consults an answer only for the question a resolver asks this round; take the answer as a resolved parameter$`
		return Stock{Copies: 1}, nil
	}
	return Stock{}, nil
}

// confirmBackorder lets an echoed answer stand in for its own decision
// (python-sdk PR #3019, bug 1). It returns resolve.Elicit, so it is a
// resolver even before it is registered.
func confirmBackorder(ctx context.Context, req *mcp.CallToolRequest, s Stock) (resolve.Elicit[Backorder], error) {
	if r, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && r.Action == "accept" { // want `^resolver confirmBackorder reads req.Params.InputResponses outside the elicit path`
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	if s.Copies > 0 {
		return resolve.Given(Backorder{}), nil
	}
	return resolve.Ask[Backorder]("out of stock; order anyway?"), nil
}

// order is a resolver-tool handler; it reads state through a helper of
// the package.
func order(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock, b Backorder) (Out, error) {
	st := req.Params.RequestState // want `^handler order reads req.Params.RequestState outside the elicit path`
	_ = st
	return Out{OK: peek(req)}, nil
}

// peek is reached from the handler.
func peek(req *mcp.CallToolRequest) bool {
	return len(req.Params.InputResponses) > 0 // want `^peek \(called from handler order\) reads req.Params.InputResponses outside the elicit path`
}

// deeper is reached through peekDeep.
func peekDeep(req *mcp.CallToolRequest) bool { return deeper(req) }

func deeper(req *mcp.CallToolRequest) bool {
	return req.Params.RequestState == "x" // want `^deeper \(called from resolver decide\) reads req.Params.RequestState outside the elicit path`
}

type Decision struct{ Go bool }

// decide takes an Outcome, so it is resolver-based code.
func decide(ctx context.Context, req *mcp.CallToolRequest, b resolve.Outcome[Backorder]) (Decision, error) {
	return Decision{Go: peekDeep(req)}, nil
}

// crossPackage reads state through functions of other packages.
func crossPackage(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
	_ = helpers.Answer(req, "k") // want `^resolver crossPackage calls helpers.Answer, which reads request state \(mcp.CallToolParamsRaw.InputResponses, in helpers.Answer\) outside the elicit path`
	_ = helpers.Through(req)     // want `calls helpers.Through, which reads request state \(mcp.CallToolParamsRaw.RequestState, in helpers.hasState\)`
	_ = middle.Indirect(req)     // want `calls middle.Indirect, which reads request state \(mcp.CallToolParamsRaw.InputResponses, in helpers.Peek\)`
	_ = helpers.Round("round=1") // reads no state
	return Stock{}, nil
}

// writes sets the state; it reads nothing.
func writes(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
	req.Params.RequestState = ""
	return Stock{}, nil
}

type service struct{}

func (*service) stock(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
	_ = req.Params.RequestState // want `^resolver \(\*service\).stock reads req.Params.RequestState`
	return Stock{}, nil
}

func register(s *mcp.Server, svc *service) {
	resolve.AddTool(s, &mcp.Tool{Name: "order"}, order, checkStock, confirmBackorder)
	resolve.MustAddTool(s, &mcp.Tool{Name: "decide"}, func(ctx context.Context, req *mcp.CallToolRequest, in In, d Decision) (Out, error) {
		return Out{}, nil
	}, decide, confirmBackorder, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "cross"}, func(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error) {
		_ = req.Params.InputResponses // want `^handler func literal reads req.Params.InputResponses`
		return Out{}, nil
	}, crossPackage)
	resolve.AddTool(s, &mcp.Tool{Name: "literal"}, order, func(ctx context.Context, req *mcp.CallToolRequest, in In) (Stock, error) {
		if req.Params.RequestState == "" { // want `^resolver func literal reads req.Params.RequestState`
			return Stock{}, nil
		}
		return Stock{}, nil
	}, confirmBackorder)
	resolve.AddTool(s, &mcp.Tool{Name: "writes"}, order, writes, confirmBackorder)
	resolve.AddTool(s, &mcp.Tool{Name: "method"}, order, svc.stock, confirmBackorder)
	resolve.AddTool(s, &mcp.Tool{Name: "imported"}, helpers.Answer, checkStock) // want `^handler helpers.Answer reads request state \(mcp.CallToolParamsRaw.InputResponses, in helpers.Answer\) outside the elicit path`
}

// mcpGoHelper uses mcp-go's helpers; the read inside the call is reported
// once, at the call.
func mcpGoHelper(p mcpgo.CallToolParams) (resolve.Elicit[Backorder], error) {
	if server.ElicitationResponse(p.InputResponses, "confirm") != nil { // want `^resolver mcpGoHelper calls server.ElicitationResponse, which reads input responses outside the elicit path`
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	_ = p.InputResponses.DecodeFor(nil) // want `calls mcp.InputResponses.DecodeFor, which reads input responses`
	_ = p.RequestState                  // want `^resolver mcpGoHelper reads p.RequestState`
	return resolve.Ask[Backorder]("?"), nil
}

// suppressed reads state on purpose.
func suppressed(ctx context.Context, req *mcp.CallToolRequest) (resolve.Elicit[Backorder], error) {
	_ = req.Params.RequestState //mcplint:ignore statereach migrating this resolver; tracked in #12
	//mcplint:ignore statereach the next line is reviewed
	_ = req.Params.InputResponses
	return resolve.Ask[Backorder]("?"), nil
}

// suppressedDecl is suppressed as a whole.
//
//mcplint:ignore statereach legacy resolver kept for a migration test
func suppressedDecl(ctx context.Context, req *mcp.CallToolRequest) (resolve.Elicit[Backorder], error) {
	_ = req.Params.RequestState
	return resolve.Ask[Backorder]("?"), nil
}

var live *mcp.Server

// liveHandler is the handler of a resolver tool: resolver-based code.
func liveHandler(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error) {
	liveTools(live)
	return Out{}, nil
}

// liveTools is called from liveHandler; the function literals it hands to
// the SDK are hand-written handlers of their own, checked as such.
func liveTools(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "later"}, func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		if req.Params.RequestState == "x" { // want `^func literal compares req.Params.RequestState with "x" before verifying its integrity`
			return nil, nil, nil
		}
		_ = req.Params.InputResponses // a hand-written handler reads its answers
		return nil, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "raw"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_ = req.Params.InputResponses
		return nil, nil
	})
	_ = req0.Params.InputResponses // want `^liveTools \(called from handler liveHandler\) reads req0.Params.InputResponses outside the elicit path`
}

var req0 *mcp.CallToolRequest

func registerLive(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "live"}, liveHandler, checkStock)
}
