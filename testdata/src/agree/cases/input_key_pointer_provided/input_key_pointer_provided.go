// Package input_key_pointer_provided is a case of the agreement corpus: a
// resolver that provides *T, where T has an InputKey method with a pointer
// receiver that returns an empty key.
//
//agree:want resolvegraph/input-key
package input_key_pointer_provided

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Blank struct {
	Name string `json:"name"`
}

func (*Blank) InputKey() string { return "" }

func askBlank(ctx context.Context) (resolve.Elicit[*Blank], error) {
	return resolve.Ask[*Blank]("blank?"), nil
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in kit.In, b *Blank) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_key_pointer_provided"}, greet, askBlank)
}
