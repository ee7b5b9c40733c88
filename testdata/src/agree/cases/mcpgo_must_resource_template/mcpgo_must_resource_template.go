// Package mcpgo_must_resource_template is a case of the agreement corpus,
// registered through the runtime's mcp-go binding:
// resolve.MustAddResourceTemplate panics with the errors of a resolver
// that asks for an answer with no static form schema.
//
//agree:want elicitbase/answer-type
package mcpgo_must_resource_template

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func ask(ctx context.Context, req mcp.ReadResourceRequest) (resolve.Elicit[map[string]any], error) {
	return resolve.Given(map[string]any{}), nil
}

func read(ctx context.Context, req mcp.ReadResourceRequest, m map[string]any) ([]mcp.ResourceContents, error) {
	return nil, nil
}

func Register(s *server.MCPServer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	resolve.MustAddResourceTemplate(s, mcp.NewResourceTemplate("res://{id}", "r"), read, ask)
	return nil
}
