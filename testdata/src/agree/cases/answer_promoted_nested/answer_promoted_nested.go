// Package answer_promoted_nested is a case of the agreement corpus: a form
// type embeds an unexported struct whose exported fields include a nested
// struct and a slice. They are promoted into the form's schema, which the
// go-sdk client rejects ("contains nested properties"), so the type has no
// static form schema.
//
//agree:want elicitbase/answer-type
package answer_promoted_nested

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type address struct {
	City string `json:"city"`
}

type contact struct {
	Name    string  `json:"name"`
	Address address `json:"address"`
}

type Shipping struct {
	contact
	Notes []string `json:"notes"`
}

func askShipping(ctx context.Context) (resolve.Elicit[Shipping], error) {
	return resolve.Ask[Shipping]("where to?"), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, s Shipping) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_promoted_nested"}, handle, askShipping)
}
