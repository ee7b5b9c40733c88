// Package good_answer_hidden is a case of the agreement corpus: fields that
// are unexported or tagged json:"-" are not part of the form, whatever their
// types; optional fields are pointers.
//
//agree:want none
package good_answer_hidden

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Answer struct {
	Name  string         `json:"name"`
	Age   *int           `json:"age,omitempty"`
	Extra map[string]any `json:"-"`
	inner kit.Backorder
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Ask[Answer]("who?"), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{OK: a.inner.Confirm}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_answer_hidden"}, handle, ask)
}
