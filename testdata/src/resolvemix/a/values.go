package a

import (
	"context"

	"example.com/resolvemix/helpers"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Calls through function values count when the value is the function
// the call runs: a local holding a function, a method value, a phi of
// locals (the handler runs the builder on one path), a package variable
// that only the package writes.

var askFn = helpers.Ask

func viaLocal(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want viaLocal:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	f := helpers.Ask
	return f("k"), nil // want `^tool "vlocal": handler a\.viaLocal has resolved parameters but calls f, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in helpers\.Ask\): a call has one input_required channel`
}

func viaMethodValue(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want viaMethodValue:`buildsInputRequired\(calls server.InputRequestBuilder.ToolResult in helpers.Builder.Result\)`
	build := helpers.Builder{}.Result
	return build(), nil // want `handler a\.viaMethodValue has resolved parameters but calls build, which builds an input-required result \(calls server\.InputRequestBuilder\.ToolResult in helpers\.Builder\.Result\)`
}

func viaPhi(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want viaPhi:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in a.local\)`
	f := helpers.Plain
	if s.Copies == 0 {
		f = local
	}
	return f(), nil // want `handler a\.viaPhi has resolved parameters but calls f, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in a\.local\)`
}

func viaGlobal(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want viaGlobal:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	return askFn("k"), nil // want `handler a\.viaGlobal has resolved parameters but calls askFn, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in helpers\.Ask\)`
}

// A function that calls a builder through a value builds one too (its
// fact), and its callers are reported as callers of a builder.
func askLater() any { // want askLater:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	f := helpers.Ask
	return f("later")
}

func viaHelper(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want viaHelper:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	return askLater(), nil // want `handler a\.viaHelper has resolved parameters but calls askLater, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in helpers\.Ask\)`
}

// Not reported: what a call may run only for some value of a type. An
// interface method call may run any implementation (asking is one of the
// package's, but the handler's value is another); a function stored in a
// struct field is stored into that field of any value of the struct type,
// not of the one the handler calls. Nor a function value that is a
// parameter (what callers pass is not followed into the callee: a miss),
// nor one that holds a function that builds nothing.

type builder interface{ Build() any }

type asking struct{}

func (asking) Build() any { return helpers.Ask("k") } // want Build:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`

type plainBuilder struct{}

func (plainBuilder) Build() any { return helpers.Plain() }

type step struct{ run func() any }

var steps = []step{{run: askLater}, {run: func() any { return helpers.Plain() }}}

func viaInterface(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) {
	var b builder = plainBuilder{}
	return b.Build(), nil
}

func viaField(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) {
	return steps[1].run(), nil
}

func apply(f func() any) any { return f() }

func viaParam(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) {
	return apply(askLater), nil
}

func viaPlainValue(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) {
	f := helpers.Plain
	return f(), nil
}

func values(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "vlocal"}, viaLocal, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vmethod"}, viaMethodValue, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vphi"}, viaPhi, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vglobal"}, viaGlobal, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vhelper"}, viaHelper, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "viface"}, viaInterface, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vfield"}, viaField, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vparam"}, viaParam, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "vplain"}, viaPlainValue, checkStock)
}
