package a

import (
	"context"

	"example.com/resolvemix/helpers"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func suppressedSite(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want suppressedSite:`buildsInputRequired`
	if s.Copies < 0 {
		return helpers.Ask("k"), nil //mcplint:ignore resolvemix negative stock never happens
	}
	// want +1 `mcplint:ignore directive for resolvemix gives no reason, so it suppresses nothing`
	//mcplint:ignore resolvemix
	return helpers.Wrap(), nil // want `tool "suppressed2": handler a\.suppressedSite has resolved parameters but calls helpers\.Wrap, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in helpers\.Ask\): a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
}

// registerSuppressed registers a tool that the runtime rejects.
//
//mcplint:ignore resolvemix,resolvegraph kept to test the registration error
func registerSuppressed(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "suppressed"}, declaredPtr, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "suppressed2"}, suppressedSite, checkStock)
}

//mcplint:ignore resolvegraph an unrelated analyzer does not suppress resolvemix
func registerNotSuppressed(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "notsuppressed"}, declaredPtr, checkStock) // want `tool "notsuppressed": handler a\.declaredPtr has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
}

// concrete builds an input-required result but cannot return it: its
// result type is a plain struct.
func concrete(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error) { // want concrete:`buildsInputRequired`
	_ = helpers.Ask("k")
	return Out{}, nil
}

func registerConcrete(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "concrete"}, concrete, checkStock)
}
