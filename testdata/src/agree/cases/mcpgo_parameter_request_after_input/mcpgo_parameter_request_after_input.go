// Package mcpgo_parameter_request_after_input is a case of the agreement
// corpus, registered through the runtime's mcp-go binding: the handler
// takes mcp-go's request again among its resolved parameters.
//
//agree:want resolvegraph/parameter-kind
package mcpgo_parameter_request_after_input

import (
	"context"

	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func handle(ctx context.Context, req mcp.CallToolRequest, in mgkit.In, again mcp.CallToolRequest) (mgkit.Out, error) {
	return mgkit.Out{}, nil
}

func Register(s *server.MCPServer) error {
	return resolve.AddTool(s, mcp.NewTool("mcpgo_parameter_request_after_input"), handle)
}
