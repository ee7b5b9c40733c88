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
	return helpers.Wrap(), nil // want `handler suppressedSite has resolved parameters but calls helpers.Wrap`
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
	resolve.AddTool(s, &mcp.Tool{Name: "notsuppressed"}, declaredPtr, checkStock) // want `tool "notsuppressed": handler declaredPtr has resolved parameters and returns`
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
