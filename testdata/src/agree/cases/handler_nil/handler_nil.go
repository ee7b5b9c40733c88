// Package handler_nil is a case of the agreement corpus: a nil handler.
//
//agree:want resolvegraph/handler-signature
package handler_nil

import (
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "handler_nil"}, nil)
}
