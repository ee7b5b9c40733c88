package mcptest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/mcplint/mcplint/testdata/demo"
)

// TestDemo runs the kit over the bundled demo (testdata/demo, the README's
// first command), whose tools carry one mistake per analyzer, and states
// which rules the kit reports for each tool. The demo's hand-written
// mistakes that can run are caught; the resolver tools pass, except where a
// resolver's own mistake has an observable effect.
func TestDemo(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "demo", Version: "v0"}, nil)
	// toolschema: registering track_order panics when the server starts,
	// after the other tools are registered (the kit never sees track_order).
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(strings.ToLower(toString(r)), "track_order") {
				t.Errorf("demo.Register: want the panic over track_order's schema, got %v", r)
			}
		}()
		demo.Register(s)
	}()

	// delete_draft removes a draft and, in its resolver (the resolvepure
	// mistake), the draft's backup before the user answers. The probe
	// counts removals of either and puts the files back.
	dir := t.TempDir()
	draft := filepath.Join(dir, "draft.txt")
	removed := 0
	probe := func() int {
		for _, p := range []string{draft, draft + ".bak"} {
			if _, err := os.Stat(p); err != nil {
				removed++
				if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
		return removed
	}
	probe()
	removed = 0

	r, err := mcptest.Run(s, mcptest.Options{Tool: map[string]mcptest.Tool{
		"delete_draft": {Args: map[string]any{"path": draft}, Effect: probe},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, f := range r.Findings {
		t.Logf("%s | %s | %s | %s", f.Tool, f.Rule, f.Scenario, f.Detail)
		if !slices.Contains(got[f.Tool], f.Rule) {
			got[f.Tool] = append(got[f.Tool], f.Rule)
		}
	}
	want := map[string][]string{
		// statereach, askcaps: its own plain requestState is taken for the
		// answer, so every non-confirming outcome completes too (failopen).
		"cancel_order": {"askcaps", "failopen", "statereach"},
		// syncask: a server-to-client request on a 2026-07-28 session.
		"refund_order": {"syncask"},
		// failopen: a failed legacy request counts as a yes.
		"empty_cart": {"failopen"},
		// resolvepure: the resolver removes the backup in every round, so a
		// declined question has the effect too.
		"delete_draft": {"failopen"},
		// order_book (elicitbase, resolvegraph, resolvemix): a map answer,
		// an unused resolver and a result type are not wrong at run time;
		// the runtime's own checks keep the rounds right.
		// gift_wrap (askstable): the question changes only when the clock
		// passes a minute, which calls in process within the same minute
		// never see; the kit cannot observe it reliably.
	}
	for tool := range got {
		slices.Sort(got[tool])
	}
	for _, tool := range []string{"cancel_order", "refund_order", "empty_cart", "delete_draft", "order_book", "gift_wrap"} {
		if tool == "gift_wrap" && slices.Equal(got[tool], []string{"askstable"}) {
			continue // the run crossed a minute: the kit saw the question change
		}
		if !slices.Equal(got[tool], want[tool]) {
			t.Errorf("tool %s: rules reported %v, want %v", tool, got[tool], want[tool])
		}
	}
	if _, ok := got["track_order"]; ok {
		t.Errorf("track_order was registered despite its schema")
	}
}

func toString(v any) string {
	if e, ok := v.(error); ok {
		return e.Error()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}
