package resolve

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stampedConfirm builds its question from the clock: askstable reports
// it, and the engine ends the call.
func stampedConfirm(ctx context.Context) (Elicit[backorder], error) {
	return Ask[backorder]("Order now? (asked " + time.Now().Format(time.RFC3339Nano) + ")"), nil
}

// The runtime twin of askstable, through the real go-sdk client on both
// kinds of session: the call ends with a tool error that names the
// resolver within three rounds, and the log holds both renderings.
func TestQuestionChangingEveryRoundEndsTheCall(t *testing.T) {
	for _, version := range []string{"", "2025-11-25"} {
		t.Run("version="+version, func(t *testing.T) {
			var logs logBuffer
			rt := mustNew(&Options{Logger: logs.logger()})
			s := newServer()
			handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, b backorder) (bool, error) {
				return b.Confirm, nil
			}
			if err := rt.AddTool(s, &mcp.Tool{Name: "stamped"}, handler, stampedConfirm); err != nil {
				t.Fatal(err)
			}
			user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"confirm": true}) })
			res := call(t, userSession(t, s, user, version), &mcp.CallToolParams{Name: "stamped", Arguments: map[string]any{}})
			want := "resolver resolve.stampedConfirm: its question changes every round: build it only from the tool's input and earlier answers"
			if !res.IsError || text(res) != want {
				t.Fatalf("result = %q (error %v), want the tool error %q", text(res), res.IsError, want)
			}
			if n := user.total(); n > 3 {
				t.Errorf("the question was shown %d times, want at most 3", n)
			}
			log := logs.String()
			if !strings.Contains(log, "question changes every round") || strings.Count(log, "Order now? (asked ") != 2 {
				t.Errorf("log does not hold both renderings:\n%s", log)
			}
		})
	}
}

// A question that changes once (a redeploy between rounds) is asked again
// and the call completes, through the real client on both kinds of
// session.
func TestQuestionChangingOnceCompletes(t *testing.T) {
	for _, version := range []string{"", "2025-11-25"} {
		t.Run("version="+version, func(t *testing.T) {
			s := newServer()
			var mu sync.Mutex
			renders := 0
			ask := func(ctx context.Context) (Elicit[backorder], error) {
				mu.Lock()
				defer mu.Unlock()
				renders++
				if renders == 1 {
					return Ask[backorder]("Order the hardcover?"), nil
				}
				return Ask[backorder]("Order the paperback?"), nil
			}
			handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, b backorder) (bool, error) {
				return b.Confirm, nil
			}
			MustAddTool(s, &mcp.Tool{Name: "redeployed"}, handler, ask)
			user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"confirm": true}) })
			res := call(t, userSession(t, s, user, version), &mcp.CallToolParams{Name: "redeployed", Arguments: map[string]any{}})
			if res.IsError || text(res) != "true" {
				t.Fatalf("result = %q (error %v), want true", text(res), res.IsError)
			}
			if user.times("Order the hardcover?") != 1 || user.times("Order the paperback?") != 1 {
				t.Errorf("questions shown: %v", user.asked)
			}
		})
	}
}
