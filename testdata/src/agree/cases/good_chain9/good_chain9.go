// Package good_chain9 is a case of the agreement corpus: nine dependent
// questions fit the default round budget of 9, the longest chain that the
// go-sdk, python and typescript clients all finish.
//
//agree:want none
package good_chain9

import (
	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "good_chain9"}, kit.End[kit.Q9], kit.First, kit.Step[kit.Q1, kit.Q2], kit.Step[kit.Q2, kit.Q3], kit.Step[kit.Q3, kit.Q4],
		kit.Step[kit.Q4, kit.Q5], kit.Step[kit.Q5, kit.Q6], kit.Step[kit.Q6, kit.Q7], kit.Step[kit.Q7, kit.Q8], kit.Step[kit.Q8, kit.Q9])
}
