// Package answer_and_unused is a case of the agreement corpus: an eliciting
// resolver with no form schema that nothing uses: both rules.
//
//agree:want elicitbase/answer-type resolvegraph/unused-resolver
package answer_and_unused

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context) (resolve.Elicit[any], error) { return resolve.Given[any](nil), nil }

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "answer_and_unused"}, kit.WithStock, kit.CheckStock, ask)
}
