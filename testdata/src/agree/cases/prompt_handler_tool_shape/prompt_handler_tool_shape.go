// Package prompt_handler_tool_shape is a case of the agreement corpus: a
// prompt registered with a tool's handler.
//
//agree:want resolvegraph/handler-signature
package prompt_handler_tool_shape

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddPrompt(s, &mcp.Prompt{Name: "prompt_handler_tool_shape"}, kit.WithStock, kit.CheckStock)
}
