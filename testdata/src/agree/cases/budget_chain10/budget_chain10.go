// Package budget_chain10 is a case of the agreement corpus: ten dependent
// questions, one more than the default round budget of 9 (the go-sdk client
// fails the call at its 10th input-required result).
//
//agree:want resolvegraph/round-budget
package budget_chain10

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "budget_chain10"}, kit.End[kit.Q10], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3], kit.Step[kit.Q3, kit.Q4],
		kit.Step[kit.Q4, kit.Q5], kit.Step[kit.Q5, kit.Q6], kit.Step[kit.Q6, kit.Q7], kit.Step[kit.Q7, kit.Q8], kit.Step[kit.Q8, kit.Q9], kit.Step[kit.Q9, kit.Q10])
}
