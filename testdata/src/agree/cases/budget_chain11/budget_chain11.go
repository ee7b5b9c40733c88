// Package budget_chain11 is a case of the agreement corpus: eleven dependent
// questions exceed the default round budget of 9.
//
//agree:want resolvegraph/round-budget
package budget_chain11

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "budget_chain11"}, kit.End[kit.Q11], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3], kit.Step[kit.Q3, kit.Q4],
		kit.Step[kit.Q4, kit.Q5], kit.Step[kit.Q5, kit.Q6], kit.Step[kit.Q6, kit.Q7], kit.Step[kit.Q7, kit.Q8], kit.Step[kit.Q8, kit.Q9], kit.Step[kit.Q9, kit.Q10], kit.Step[kit.Q10, kit.Q11])
}
