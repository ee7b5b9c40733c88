// Package good_iface_out is a case of the agreement corpus: a resolver tool
// whose result is an interface: registration accepts it, the call checks the
// value.
//
//agree:want none
package good_iface_out

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (any, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_iface_out"}, handle, kit.CheckStock)
}
