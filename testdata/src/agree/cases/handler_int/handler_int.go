// Package handler_int is a case of the agreement corpus: a handler that is not
// a function.
//
//agree:want resolvegraph/handler-signature
package handler_int

import (
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_int"}, 42)
}
