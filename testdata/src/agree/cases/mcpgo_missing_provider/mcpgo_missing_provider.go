// Package mcpgo_missing_provider is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a handler parameter that no
// resolver provides.
//
//agree:want resolvegraph/missing-provider
package mcpgo_missing_provider

import (
	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_missing_provider"), mgkit.WithStock)
}
