// Package resource_answer_type is a case of the agreement corpus: a
// resource template whose resolver asks with an answer type that has no
// form schema.
//
//agree:want elicitbase/answer-type
package resource_answer_type

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Choice map[string]any

func ask(ctx context.Context, req *mcp.ReadResourceRequest) (resolve.Elicit[Choice], error) {
	return resolve.Ask[Choice]("Which one?"), nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest, c Choice) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "file:///{name}"}, read, ask)
}
