// Package input_key_pointer_receiver is a case of the agreement corpus: an
// InputKey method with a pointer receiver is not in the method set of the
// value type that the resolver provides, so its empty key is never read.
//
//agree:want none
package input_key_pointer_receiver

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

func askBlank(ctx context.Context) (resolve.Elicit[Blank], error) {
	return resolve.Ask[Blank]("blank?"), nil
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in kit.In, b Blank) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "input_key_pointer_receiver"}, greet, askBlank)
}
