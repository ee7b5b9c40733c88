package resolve

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type firstAnswer struct {
	OK bool `json:"ok"`
}

type secondAnswer struct {
	Note string `json:"note"`
}

func askFirst(ctx context.Context) (Elicit[firstAnswer], error) {
	return Ask[firstAnswer]("first?"), nil
}

func askSecond(ctx context.Context, f firstAnswer) (Elicit[secondAnswer], error) {
	return Ask[secondAnswer]("second?"), nil
}

// TestDeclineNamesDeclinedQuestion checks that declining the first of two
// dependent questions names the resolver whose question was declined, not
// only the one that needed its answer.
func TestDeclineNamesDeclinedQuestion(t *testing.T) {
	s := newServer()
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, s secondAnswer) (map[string]any, error) {
		return map[string]any{}, nil
	}
	MustAddTool(s, &mcp.Tool{Name: "two"}, handler, askFirst, askSecond)
	cs := userSession(t, s, newAnswerer(func(string) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} }), "")
	res := call(t, cs, &mcp.CallToolParams{Name: "two", Arguments: map[string]any{}})
	msg := text(res)
	want := `the user chose "decline" for the question of resolver resolve.askFirst, and resolver resolve.askSecond needs its resolve.firstAnswer`
	if !res.IsError || !strings.Contains(msg, want) {
		t.Errorf("result = %v %q, want a tool error with %q", res.IsError, msg, want)
	}
}
