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
	rs = append(rs, confirm) // assigned again: not followed
	resolve.AddTool(s, &mcp.Tool{Name: "dynamic2"}, order, rs...)
	more := []any{checkStock, confirm}
	use(more) // used elsewhere: not followed
	resolve.AddTool(s, &mcp.Tool{Name: "dynamic3"}, order, more[:1]...)
}

func use([]any) {}

// spreadVariable passes its resolvers through a local variable assigned
// once: they are known.
func spreadVariable(s *mcp.Server) {
	resolvers := []any{checkStock}
	resolve.AddTool(s, &mcp.Tool{Name: "spreadvar"}, order, resolvers...) // want `tool "spreadvar": handler a\.order has parameter 5 of type resolve\.Outcome\[a\.Backorder\], and no resolver provides a\.Backorder; pass a resolver that returns it`
	var both = []any{checkStock, confirm}
	resolve.AddTool(s, &mcp.Tool{Name: "spreadvar2"}, order, both...)
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
	resolve.AddTool(s, &mcp.Tool{Name: "nil"}, nil)                            // want `^tool "nil": handler is nil; pass a function func\(context\.Context, \*mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)$`
	resolve.AddTool(s, &mcp.Tool{Name: "int"}, 42)                             // want `^tool "int": handler has type int, not a function type; pass a function func\(context\.Context, \*mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)$`
	resolve.AddTool(s, &mcp.Tool{Name: "short"}, short)                        // want `tool "short": handler a\.short has signature func\(context\.Context, a\.In\) \(a\.Out, error\): it has 2 parameters, fewer than 3; want func\(context\.Context, \*mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)`
	resolve.AddTool(s, &mcp.Tool{Name: "noctx"}, noCtx)                        // want `its first parameter has type string, not context.Context`
	resolve.AddTool(s, &mcp.Tool{Name: "noreq"}, noReq)                        // want `its second parameter has type \*mcp.CallToolParams, not \*mcp.CallToolRequest`
	resolve.AddTool(s, &mcp.Tool{Name: "variadic"}, variadic)                  // want `tool "variadic": handler a\.variadic has signature func\(context\.Context, \*mcp\.CallToolRequest, \.\.\.a\.In\) \(a\.Out, error\): it is variadic; want func\(context\.Context, \*mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)`
	resolve.AddTool(s, &mcp.Tool{Name: "oneresult"}, oneResult)                // want `it has 1 results, not 2`
	resolve.AddTool(s, &mcp.Tool{Name: "noerr"}, noErr)                        // want `its second result has type bool, not error`
	resolve.AddTool(s, &mcp.Tool{Name: "rnil"}, withStock, nil)                // want `tool "rnil": resolver is nil; pass a function func\(params\.\.\.\) \(T, error\) or func\(params\.\.\.\) \(resolve\.Elicit\[T\], error\)` `tool "rnil": handler a\.withStock has parameter 4 of type a\.Stock, and no resolver provides a\.Stock; pass a resolver that returns it`
	resolve.AddTool(s, &mcp.Tool{Name: "rint"}, withStock, checkStock, 7)      // want `tool "rint": resolver has type int, not a function type; pass a function func\(params\.\.\.\) \(T, error\) or func\(params\.\.\.\) \(resolve\.Elicit\[T\], error\)`
	resolve.AddTool(s, &mcp.Tool{Name: "rone"}, withStock, stockOnly)          // want `tool "rone": resolver a\.stockOnly has signature func\(context\.Context\) a\.Stock: it has 1 results, not 2; want func\(params\.\.\.\) \(T, error\) or func\(params\.\.\.\) \(resolve\.Elicit\[T\], error\)` `tool "rone": handler a\.withStock has parameter 4 of type a\.Stock, and no resolver provides a\.Stock; pass a resolver that returns it`
	resolve.AddTool(s, &mcp.Tool{Name: "rvariadic"}, withStock, stockVariadic) // want `tool "rvariadic": resolver a\.stockVariadic has signature func\(context\.Context, \.\.\.int\) \(a\.Stock, error\): it is variadic; want func\(params\.\.\.\) \(T, error\) or func\(params\.\.\.\) \(resolve\.Elicit\[T\], error\)` `tool "rvariadic": handler a\.withStock has parameter 4 of type a\.Stock, and no resolver provides a\.Stock; pass a resolver that returns it`
	resolve.AddTool(s, &mcp.Tool{Name: "rnoerr"}, withStock, stockNoErr)       // want `tool "rnoerr": resolver a\.stockNoErr has signature func\(context\.Context\) \(a\.Stock, bool\): its second result has type bool, not error; want func\(params\.\.\.\) \(T, error\) or func\(params\.\.\.\) \(resolve\.Elicit\[T\], error\)` `tool "rnoerr": handler a\.withStock has parameter 4 of type a\.Stock, and no resolver provides a\.Stock; pass a resolver that returns it`
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
	resolve.AddTool(s, &mcp.Tool{Name: "pctx"}, withStock, checkStock, provideCtx)             // want `^tool "pctx": resolver a\.provideCtx provides context\.Context, which the engine supplies itself; provide a type of your own$`
	resolve.AddTool(s, &mcp.Tool{Name: "pin"}, withStock, checkStock, provideIn)               // want `tool "pin": resolver a\.provideIn provides a\.In, which the engine supplies itself; provide a type of your own`
	resolve.AddTool(s, &mcp.Tool{Name: "preq"}, withStock, checkStock, provideReq)             // want `tool "preq": resolver a\.provideReq provides \*mcp\.CallToolRequest, which the engine supplies itself; provide a type of your own`
	resolve.AddTool(s, &mcp.Tool{Name: "perr"}, withStock, checkStock, provideErr)             // want `tool "perr": resolver a\.provideErr provides error, which is reserved for errors; provide a type of your own`
	resolve.AddTool(s, &mcp.Tool{Name: "pout"}, withStock, checkStock, provideOutcome)         // want `tool "pout": resolver a\.provideOutcome provides resolve\.Outcome\[a\.Stock\], which is not a value type; provide a type of your own`
	resolve.AddTool(s, &mcp.Tool{Name: "dup"}, withStock, checkStock, checkStock2)             // want `^tool "dup": resolvers a\.checkStock and a\.checkStock2 both provide a\.Stock; keep one, or give the other a type of its own$`
	resolve.AddTool(s, &mcp.Tool{Name: "missing"}, order, checkStock)                          // want `^tool "missing": handler a\.order has parameter 5 of type resolve\.Outcome\[a\.Backorder\], and no resolver provides a\.Backorder; pass a resolver that returns it$`
	resolve.AddTool(s, &mcp.Tool{Name: "rmissing"}, withBackorder, confirm)                    // want `^tool "rmissing": resolver a\.confirm has parameter 3 of type a\.Stock, and no resolver provides a\.Stock; pass a resolver that returns it$`
	resolve.AddTool(s, &mcp.Tool{Name: "pelicit"}, withBackorder, checkStock2, useElicit)      // want `tool "pelicit": resolver a\.useElicit has parameter 2 of type resolve\.Elicit\[a\.Stock\], which is a resolver result, not a value; take the value type itself, or resolve\.Outcome of it` `tool "pelicit": resolver a\.checkStock2 provides a\.Stock, which neither the handler nor another resolver uses; remove it, or take a\.Stock as a parameter`
	resolve.AddTool(s, &mcp.Tool{Name: "ctxafter"}, ctxAfterIn)                                // want `tool "ctxafter": handler a\.ctxAfterIn has parameter 4 of type context\.Context after the input; move it before the input, where only context, request and input go`
	resolve.AddTool(s, &mcp.Tool{Name: "inafter"}, inAfterIn)                                  // want `tool "inafter": handler a\.inAfterIn has parameter 4 of type a\.In after the input; move it before the input, where only context, request and input go`
	resolve.AddTool(s, &mcp.Tool{Name: "unused"}, withStock, checkStock, helpers.LookupRegion) // want `^tool "unused": resolver helpers\.LookupRegion provides helpers\.Region, which neither the handler nor another resolver uses; remove it, or take helpers\.Region as a parameter$`
}

func orderPtr(ctx context.Context, req *mcp.CallToolRequest, in In, s *Stock) (Out, error) {
	return Out{}, nil
}

// A handler that takes *Stock where the resolver provides Stock: the
// message says that the pointer is the cause.
func pointerMismatch(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "ptr"}, orderPtr, checkStock) // want `handler a.orderPtr has parameter 4 of type \*a.Stock, and no resolver provides \*a.Stock; pass a resolver that returns it \(resolver a.checkStock provides a.Stock: take a.Stock, not \*a.Stock\)` `resolver a.checkStock provides a.Stock, which neither`
}

type Branch struct{ Name string }

func renderBranch(ctx context.Context, req *mcp.GetPromptRequest, b Branch) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func readBranch(ctx context.Context, req *mcp.ReadResourceRequest, b Branch) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

// The Must forms of the prompt and resource registrations are checked like
// the others.
func mustForms(s *mcp.Server) {
	resolve.MustAddPrompt(s, &mcp.Prompt{Name: "branch"}, renderBranch)                                   // want `prompt "branch": handler a.renderBranch has parameter 3 of type a.Branch, and no resolver provides a.Branch`
	resolve.MustAddResource(s, &mcp.Resource{URI: "branch://current"}, readBranch)                        // want `handler a.readBranch has parameter 3 of type a.Branch, and no resolver provides a.Branch`
	resolve.MustAddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "branch://{name}"}, readBranch) // want `handler a.readBranch has parameter 3 of type a.Branch, and no resolver provides a.Branch`
}
