package bothsdks_test

import (
	"testing"

	"github.com/mcplint/mcplint/runtime/seal"
)

// Single use on the wire, against both servers: the final request of a
// confirmed call, sent again, gets each SDK's answer to rejected state, and
// the handler runs once.
func TestReplayedFinalRequest(t *testing.T) {
	t.Setenv(seal.KeysEnv, seal.GenerateKey())
	for _, sdk := range []string{"go-sdk", "mcp-go"} {
		t.Run(sdk, func(t *testing.T) {
			url, runs := hostileServer(t, sdk, "fixture", nil)
			args := map[string]any{"title": "Dune"}
			first := raw(t, url, "alice", "tools/call", map[string]any{"name": "confirm", "arguments": args})
			if first.Result == nil || first.Result.RequestState == "" {
				t.Fatalf("round 1: %+v, want state", first)
			}
			final := func() map[string]any {
				return map[string]any{"name": "confirm", "arguments": args, "requestState": first.Result.RequestState, "inputResponses": confirmAnswer(true)}
			}
			if r := raw(t, url, "alice", "tools/call", final()); r.Result == nil || r.Result.IsError {
				t.Fatalf("final round: %+v %+v", r.Result, r.Error)
			}
			for range 2 {
				wantInvalidState(t, sdk, raw(t, url, "alice", "tools/call", final()))
			}
			if runs.Load() != 1 {
				t.Errorf("the handler ran %d times for one confirmation", runs.Load())
			}
		})
	}
}
