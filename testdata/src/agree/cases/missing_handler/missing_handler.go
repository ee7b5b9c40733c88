// Package missing_handler is a case of the agreement corpus: a handler
// parameter that no resolver provides.
//
//agree:want resolvegraph/missing-provider
package missing_handler

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "missing_handler"}, kit.WithStock)
}
