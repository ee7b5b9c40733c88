// Package mcpgo_budget_custom is a case of the agreement corpus, registered through
// the runtime's mcp-go binding: four dependent questions exceed a
// runtime's round budget of 3.
//
//agree:want resolvegraph/round-budget
package mcpgo_budget_custom

import (
	"example.com/agree/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

func Register(s *server.MCPServer) error {
	rt, err := resolve.New(&resolve.Options{RoundBudget: 3})
	if err != nil {
		return err
	}
	return rt.AddTool(s, mcp.NewTool("mcpgo_budget_custom"), mgkit.End[mgkit.Q4], mgkit.First, mgkit.Step[mgkit.Q1, mgkit.Q2], mgkit.Step[mgkit.Q2, mgkit.Q3], mgkit.Step[mgkit.Q3, mgkit.Q4])
}
