// Package mix_must is a case of the agreement corpus: resolve.MustAddTool
// panics with the same errors.
//
//agree:want resolvemix/declared
package mix_must

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s kit.Stock) (*mcp.CallToolResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	resolve.MustAddTool(s, &mcp.Tool{Name: "mix_must"}, handle, kit.CheckStock)
	return nil
}
