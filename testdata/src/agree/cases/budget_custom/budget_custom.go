// Package budget_custom is a case of the agreement corpus: four dependent
// questions exceed a runtime's round budget of 3.
//
//agree:want resolvegraph/round-budget
package budget_custom

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	rt, err := resolve.New(&resolve.Options{RoundBudget: 3})
	if err != nil {
		return err
	}
	return rt.AddTool(s, &mcp.Tool{Name: "budget_custom"}, kit.End[kit.Q4], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3], kit.Step[kit.Q3, kit.Q4])
}
