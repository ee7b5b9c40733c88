// Package mcpgo_resource_result_type is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: a resource handler that returns
// *mcp.ReadResourceResult; mcp-go's resource handlers return contents.
//
//agree:want resolvegraph/handler-signature
package mcpgo_resource_result_type

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func read(ctx context.Context, req mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddResource(s, mcp.NewResource("res://mcpgo_resource_result_type", "r"), read)
}
