package a

import (
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func suppressed(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "s1"}, order, checkStock) //mcplint:ignore resolvegraph registered with confirm elsewhere
	//mcplint:ignore resolvegraph,resolvemix the next line is fine
	resolve.AddTool(s, &mcp.Tool{Name: "s2"}, order, checkStock)
	//mcplint:ignore resolvemix another analyzer
	resolve.AddTool(s, &mcp.Tool{Name: "s3"}, order, checkStock) // want `tool "s3": handler a\.order has parameter 5 of type resolve\.Outcome\[a\.Backorder\], and no resolver provides a\.Backorder; pass a resolver that returns it`
	// want +1 `mcplint:ignore directive for resolvegraph gives no reason, so it suppresses nothing`
	//mcplint:ignore resolvegraph
	resolve.AddTool(s, &mcp.Tool{Name: "s4"}, order, checkStock) // want `tool "s4": handler a\.order has parameter 5 of type resolve\.Outcome\[a\.Backorder\], and no resolver provides a\.Backorder; pass a resolver that returns it`
	//mcplint:ignore resolvgraph typo
	resolve.AddTool(s, &mcp.Tool{Name: "s5"}, order, checkStock) // want `tool "s5": handler a\.order has parameter 5 of type resolve\.Outcome\[a\.Backorder\], and no resolver provides a\.Backorder; pass a resolver that returns it`
	//mcplint:ignore
}

// suppressedDecl registers a tool that resolvegraph rejects on purpose.
//
//mcplint:ignore resolvegraph kept to exercise the runtime's error path
func suppressedDecl(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "s6"}, order, checkStock)
}
