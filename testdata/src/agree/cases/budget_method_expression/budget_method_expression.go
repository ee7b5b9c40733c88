// Package budget_method_expression is a case of the agreement corpus: three
// dependent questions exceed a round budget of 2, through a method expression.
//
//agree:want resolvegraph/round-budget
package budget_method_expression

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	two, err := resolve.New(&resolve.Options{RoundBudget: 2})
	if err != nil {
		return err
	}
	return (*resolve.Runtime).AddTool(two, s, &mcp.Tool{Name: "budget_method_expression"}, kit.End[kit.Q3], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3])
}
