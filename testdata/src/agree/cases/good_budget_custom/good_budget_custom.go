// Package good_budget_custom is a case of the agreement corpus: a runtime with
// a round budget of 3, and a chain of 3 questions.
//
//agree:want none
package good_budget_custom

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
	return rt.AddTool(s, &mcp.Tool{Name: "good_budget_custom"}, kit.End[kit.Q3], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3])
}
