// Package answer_raw_json is a case of the agreement corpus: a resolver typed
// Elicit[json.RawMessage].
//
//agree:want elicitbase/answer-type
package answer_raw_json

import (
	"context"
	"encoding/json"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, a json.RawMessage) (kit.Out, error) {
	return kit.Out{}, nil
}

func ask(ctx context.Context) (resolve.Elicit[json.RawMessage], error) {
	return resolve.Given(*new(json.RawMessage)), nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_raw_json"}, handle, ask)
}
