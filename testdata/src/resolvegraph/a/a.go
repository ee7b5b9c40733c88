package a

import (
	"context"
	"errors"

	"example.com/resolvegraph/helpers"
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

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

func confirm(ctx context.Context, in In, s Stock) (resolve.Elicit[Backorder], error) {
	if s.Copies > 0 {
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder]("out of stock; order anyway?"), nil
}

func order(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock, b resolve.Outcome[Backorder]) (Out, error) {
	return Out{}, nil
}

func plain(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// Good registrations: no diagnostics.
func good(s *mcp.Server, rt *resolve.Runtime) {
	resolve.AddTool(s, &mcp.Tool{Name: "order"}, order, checkStock, confirm)
	resolve.MustAddTool(s, &mcp.Tool{Name: "order2"}, order, confirm, checkStock)
	rt.AddTool(s, &mcp.Tool{Name: "order3"}, order, checkStock, confirm)
	(*resolve.Runtime).AddTool(rt, s, &mcp.Tool{Name: "order4"}, order, checkStock, confirm)
	resolve.AddTool(s, &mcp.Tool{Name: "spread"}, order, []any{checkStock, confirm}...)
	// A tool without resolvers may return *mcp.CallToolResult.
	resolve.AddTool(s, &mcp.Tool{Name: "plain"}, plain)
	// Closures and method values.
	var svc service
	resolve.AddTool(s, &mcp.Tool{Name: "closure"},
		func(ctx context.Context, req *mcp.CallToolRequest, in In, st Stock) (Out, error) { return Out{}, nil },
		svc.stock)
	// Resolvers from another package, and generic ones.
	resolve.AddTool(s, &mcp.Tool{Name: "region"}, withRegion, helpers.LookupRegion, helpers.AskConfirm)
	resolve.AddTool(s, &mcp.Tool{Name: "generic"}, withStock, helpers.Const(Stock{Copies: 1}))
	resolve.AddTool(s, &mcp.Tool{Name: "generic2"}, withStock, helpers.Provide[Stock])
	// Aliases name the same type.
	resolve.AddTool(s, &mcp.Tool{Name: "alias"}, withStockAlias, checkStock)
	// any as input; the input schema set by hand.
	resolve.AddTool(s, &mcp.Tool{Name: "anyin"}, anyIn)
	resolve.AddTool(s, &mcp.Tool{Name: "chanin", InputSchema: map[string]any{"type": "object"}}, chanIn)
	resolve.AddTool(s, &mcp.Tool{Name: "chanout", OutputSchema: map[string]any{"type": "object"}}, chanOut)
	resolve.AddTool(s, &mcp.Tool{Name: "ifaceout"}, ifaceOut)
	// Not statically known: skipped.
	var h any = order
	resolve.AddTool(s, &mcp.Tool{Name: "dynamic"}, h, checkStock)
	rs := []any{checkStock}
	resolve.AddTool(s, &mcp.Tool{Name: "dynamic2"}, order, rs...)
}

type service struct{}

func (service) stock(ctx context.Context) (Stock, error) { return Stock{}, nil }

func withRegion(ctx context.Context, req *mcp.CallToolRequest, in In, r helpers.Region, c helpers.Confirm) (Out, error) {
	return Out{}, nil
}

func withStock(ctx context.Context, req *mcp.CallToolRequest, in In, st Stock) (Out, error) {
	return Out{}, nil
}

type StockAlias = Stock

func withStockAlias(ctx context.Context, req *mcp.CallToolRequest, in In, st StockAlias) (Out, error) {
	return Out{}, nil
}

func anyIn(ctx context.Context, req *mcp.CallToolRequest, in any) (Out, error) { return Out{}, nil }

type ChanIn struct{ C chan int }

func chanIn(ctx context.Context, req *mcp.CallToolRequest, in ChanIn) (Out, error) { return Out{}, nil }

func chanOut(ctx context.Context, req *mcp.CallToolRequest, in In) (chan int, error) { return nil, nil }

func ifaceOut(ctx context.Context, req *mcp.CallToolRequest, in In) (any, error) { return nil, nil }

// Signatures.
func signatures(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "nil"}, nil)                            // want `^tool "nil": handler is nil, not a function$`
	resolve.AddTool(s, &mcp.Tool{Name: "int"}, 42)                             // want `^tool "int": handler 42 has type int, not a function type$`
	resolve.AddTool(s, &mcp.Tool{Name: "short"}, short)                        // want `handler short has signature func\(ctx context.Context, in In\) \(Out, error\): it has 2 parameters, fewer than 3; want func\(context.Context, \*mcp.CallToolRequest, In, resolved...\) \(Out, error\)`
	resolve.AddTool(s, &mcp.Tool{Name: "noctx"}, noCtx)                        // want `its first parameter has type string, not context.Context`
	resolve.AddTool(s, &mcp.Tool{Name: "noreq"}, noReq)                        // want `its second parameter has type \*mcp.CallToolParams, not \*mcp.CallToolRequest`
	resolve.AddTool(s, &mcp.Tool{Name: "variadic"}, variadic)                  // want `handler variadic has signature .*: it is variadic`
	resolve.AddTool(s, &mcp.Tool{Name: "oneresult"}, oneResult)                // want `it has 1 results, not 2`
	resolve.AddTool(s, &mcp.Tool{Name: "noerr"}, noErr)                        // want `its second result has type bool, not error`
	resolve.AddTool(s, &mcp.Tool{Name: "rnil"}, withStock, nil)                // want `resolver nil is not a function` `handler withStock has parameter st of type Stock, and no resolver provides Stock`
	resolve.AddTool(s, &mcp.Tool{Name: "rint"}, withStock, checkStock, 7)      // want `resolver 7 has type int, not a function type`
	resolve.AddTool(s, &mcp.Tool{Name: "rone"}, withStock, stockOnly)          // want `resolver stockOnly has signature func\(ctx context.Context\) Stock: it has 1 results, not 2; want func\(params...\) \(T, error\) or \(resolve.Elicit\[T\], error\)` `no resolver provides Stock`
	resolve.AddTool(s, &mcp.Tool{Name: "rvariadic"}, withStock, stockVariadic) // want `resolver stockVariadic has signature .*: it is variadic` `no resolver provides Stock`
	resolve.AddTool(s, &mcp.Tool{Name: "rnoerr"}, withStock, stockNoErr)       // want `resolver stockNoErr has signature .*: its second result has type bool, not error` `no resolver provides Stock`
}

func short(ctx context.Context, in In) (Out, error)                          { return Out{}, nil }
func noCtx(ctx string, req *mcp.CallToolRequest, in In) (Out, error)         { return Out{}, nil }
func noReq(ctx context.Context, req *mcp.CallToolParams, in In) (Out, error) { return Out{}, nil }
func variadic(ctx context.Context, req *mcp.CallToolRequest, in ...In) (Out, error) {
	return Out{}, nil
}
func oneResult(ctx context.Context, req *mcp.CallToolRequest, in In) Out     { return Out{} }
func noErr(ctx context.Context, req *mcp.CallToolRequest, in In) (Out, bool) { return Out{}, false }
func stockOnly(ctx context.Context) Stock                                    { return Stock{} }
func stockVariadic(ctx context.Context, xs ...int) (Stock, error)            { return Stock{}, nil }
func stockNoErr(ctx context.Context) (Stock, bool)                           { return Stock{}, false }
func provideCtx(ctx context.Context) (context.Context, error)                { return ctx, nil }
func provideIn(ctx context.Context) (In, error)                              { return In{}, nil }
func provideErr(ctx context.Context) (error, error)                          { return nil, errors.New("x") }
func provideOutcome(ctx context.Context) (resolve.Outcome[Stock], error) {
	return resolve.Outcome[Stock]{}, nil
}
func provideReq(ctx context.Context) (*mcp.CallToolRequest, error) { return nil, nil }
func checkStock2(ctx context.Context) (Stock, error)               { return Stock{}, nil }
func useElicit(ctx context.Context, e resolve.Elicit[Stock]) (Backorder, error) {
	return Backorder{}, nil
}
func ctxAfterIn(ctx context.Context, req *mcp.CallToolRequest, in In, c2 context.Context) (Out, error) {
	return Out{}, nil
}
func inAfterIn(ctx context.Context, req *mcp.CallToolRequest, in In, _ In) (Out, error) {
	return Out{}, nil
}
func withBackorder(ctx context.Context, req *mcp.CallToolRequest, in In, b Backorder) (Out, error) {
	return Out{}, nil
}

// Providers and parameters.
func providers(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "pctx"}, withStock, checkStock, provideCtx)             // want `^tool "pctx": resolver provideCtx provides context.Context, which the engine supplies itself$`
	resolve.AddTool(s, &mcp.Tool{Name: "pin"}, withStock, checkStock, provideIn)               // want `resolver provideIn provides In, which the engine supplies itself`
	resolve.AddTool(s, &mcp.Tool{Name: "preq"}, withStock, checkStock, provideReq)             // want `resolver provideReq provides \*mcp\.(CallToolRequest|ServerRequest\[\*mcp\.CallToolParamsRaw\]), which the engine supplies itself`
	resolve.AddTool(s, &mcp.Tool{Name: "perr"}, withStock, checkStock, provideErr)             // want `resolver provideErr provides error, which is reserved for errors`
	resolve.AddTool(s, &mcp.Tool{Name: "pout"}, withStock, checkStock, provideOutcome)         // want `resolver provideOutcome provides resolve.Outcome\[Stock\], which is not a value type`
	resolve.AddTool(s, &mcp.Tool{Name: "dup"}, withStock, checkStock, checkStock2)             // want `^tool "dup": resolvers checkStock and checkStock2 both provide Stock; each type needs exactly one provider$`
	resolve.AddTool(s, &mcp.Tool{Name: "missing"}, order, checkStock)                          // want `^tool "missing": handler order has parameter b of type resolve.Outcome\[Backorder\], and no resolver provides Backorder$`
	resolve.AddTool(s, &mcp.Tool{Name: "rmissing"}, withBackorder, confirm)                    // want `^tool "rmissing": resolver confirm has parameter s of type Stock, and no resolver provides Stock$`
	resolve.AddTool(s, &mcp.Tool{Name: "pelicit"}, withBackorder, checkStock2, useElicit)      // want `resolver useElicit has parameter e of type resolve.Elicit\[Stock\], which is a resolver result, not a value` `resolver checkStock2 provides Stock, which neither the handler nor another resolver uses`
	resolve.AddTool(s, &mcp.Tool{Name: "ctxafter"}, ctxAfterIn)                                // want `handler ctxAfterIn has parameter c2 of type context.Context after the input; only resolved values may follow it`
	resolve.AddTool(s, &mcp.Tool{Name: "inafter"}, inAfterIn)                                  // want `handler inAfterIn has a parameter of type In after the input; only resolved values may follow it`
	resolve.AddTool(s, &mcp.Tool{Name: "unused"}, withStock, checkStock, helpers.LookupRegion) // want `^tool "unused": resolver helpers.LookupRegion provides helpers.Region, which neither the handler nor another resolver uses$`
}
