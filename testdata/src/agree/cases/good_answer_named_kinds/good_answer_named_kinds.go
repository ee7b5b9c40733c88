// Package good_answer_named_kinds is a case of the agreement corpus: form
// fields of named string, boolean and number types.
//
//agree:want none
package good_answer_named_kinds

import (
	"context"
	"time"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Color string

type Answer struct {
	Color    Color         `json:"color"`
	Wait     time.Duration `json:"wait"`
	Optional *bool         `json:"optional,omitempty"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a Answer) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[Answer], error) {
	return resolve.Given(*new(Answer)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_answer_named_kinds"}, handle, ask)
}
