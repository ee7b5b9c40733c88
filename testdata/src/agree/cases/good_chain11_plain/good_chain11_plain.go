// Package good_chain11_plain is a case of the agreement corpus: eleven
// resolvers in a chain, two of which ask nothing: nine questions.
//
//agree:want none
package good_chain11_plain

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_chain11_plain"}, kit.End[kit.Q11], kit.First, kit.PlainStep[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3], kit.PlainStep[kit.Q3, kit.Q4],
		kit.Step[kit.Q4, kit.Q5], kit.Step[kit.Q5, kit.Q6], kit.Step[kit.Q6, kit.Q7], kit.Step[kit.Q7, kit.Q8], kit.Step[kit.Q8, kit.Q9], kit.Step[kit.Q9, kit.Q10], kit.Step[kit.Q10, kit.Q11])
}
