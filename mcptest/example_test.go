package mcptest_test

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A hand-written handler that stops only on "decline": a cancel goes
// ahead. In a test, mcptest.Check(t, server, opts) reports it as a test
// error; Run returns the findings.
func ExampleRun() {
	drops := 0
	server := mcp.NewServer(&mcp.Implementation{Name: "db", Version: "v1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "drop_table"}, func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, fmt.Errorf("drop_table needs a client that can confirm")
		}
		resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if !ok {
			return ask(in.Table), nil, nil
		}
		if resp.Action == "decline" {
			return kept(in.Table), nil, nil
		}
		drops++
		return dropped(in.Table), nil, nil
	})
	r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{
		"drop_table": {Args: map[string]any{"table": "users"}, Effect: func() int { return drops }},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range r.Findings {
		fmt.Printf("%s: %s: %s\n", f.Rule, f.Scenario, f.Detail)
	}
	// Output:
	// failopen: cancel to question "confirm" of round 1: the call ended as the confirmed call does (the effect probe ticked)
	// failopen: 2025-11-25 session: cancel to server-to-client request 1 (elicitation/create): the call ended as the confirmed call does (the effect probe ticked)
}
