// Package mcpgo_must_prompt is a case of the agreement corpus, registered
// through the runtime's mcp-go binding: resolve.MustAddPrompt panics with
// the errors of a prompt handler that returns a type of its own.
//
//agree:want resolvegraph/handler-signature
package mcpgo_must_prompt

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type Text struct{ S string }

func render(ctx context.Context, req mcp.GetPromptRequest) (Text, error) { return Text{}, nil }

func Register(s *server.MCPServer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	resolve.MustAddPrompt(s, mcp.NewPrompt("mcpgo_must_prompt"), render)
	return nil
}
