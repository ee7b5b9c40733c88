// Package fix has the unused resolvers whose removal resolvegraph suggests,
// and those it leaves alone.
package fix

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

type Region struct{ Code string }

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

func lookupRegion(ctx context.Context, in In) (Region, error) { return Region{}, nil }

func order(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{}, nil
}

func orderPtr(ctx context.Context, req *mcp.CallToolRequest, in In, s *Stock) (Out, error) {
	return Out{}, nil
}

func register(s *mcp.Server) {
	// Fixed: the resolver nothing uses goes.
	resolve.AddTool(s, &mcp.Tool{Name: "one"}, order, checkStock, lookupRegion)   // want `resolver fix.lookupRegion provides fix.Region, which neither the handler nor another resolver uses`
	resolve.AddTool(s, &mcp.Tool{Name: "first"}, order, lookupRegion, checkStock) // want `resolver fix.lookupRegion provides fix.Region`
	// Not fixed: the handler takes *Stock, so checkStock is meant for it.
	resolve.AddTool(s, &mcp.Tool{Name: "pointer"}, orderPtr, checkStock) // want `no resolver provides \*fix.Stock` `resolver fix.checkStock provides fix.Stock`
	// Not fixed: a comment would go with it.
	resolve.AddTool(s, &mcp.Tool{Name: "comment"}, order, checkStock /* the stock */, lookupRegion) // want `resolver fix.lookupRegion provides fix.Region`
	// Not fixed: spread from a slice.
	resolve.AddTool(s, &mcp.Tool{Name: "spread"}, order, []any{checkStock, lookupRegion}...) // want `resolver fix.lookupRegion provides fix.Region`
}
