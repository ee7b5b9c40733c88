package bothsdks_test

import (
	"context"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	mcpgoresolve "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The resolver vocabulary is declared once: each binding's Elicit and
// Outcome are the other's, so a resolver written with one binding's Ask
// registers with the other's runtime, and its answer reaches an Outcome
// spelled in either.
func TestOneVocabulary(t *testing.T) {
	askConfirm := func() (resolve.Elicit[gConfirm], error) { return resolve.Ask[gConfirm]("Confirm?"), nil }
	var mcpgoAsk func() (mcpgoresolve.Elicit[gConfirm], error) = askConfirm // the same type
	err := mcpgoresolve.AddTool(server.NewMCPServer("vocab", "v1"), mcpgo.NewTool("confirm"),
		func(_ context.Context, _ mcpgo.CallToolRequest, _ title, c resolve.Outcome[gConfirm]) (string, error) {
			return string(c.Action), nil
		},
		mcpgoAsk)
	if err != nil {
		t.Errorf("mcp-go registration of a resolver written with go-sdk's binding: %v", err)
	}
	err = resolve.AddTool(mcp.NewServer(&mcp.Implementation{Name: "vocab", Version: "v1"}, nil), &mcp.Tool{Name: "confirm"},
		func(_ context.Context, _ *mcp.CallToolRequest, _ title, c mcpgoresolve.Outcome[gConfirm]) (string, error) {
			return string(c.Action), nil
		},
		func() (mcpgoresolve.Elicit[gConfirm], error) { return mcpgoresolve.Ask[gConfirm]("Confirm?"), nil })
	if err != nil {
		t.Errorf("go-sdk registration of a resolver written with mcp-go's binding: %v", err)
	}
}
