package resolvegraph_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/resolvegraph"
)

// TestBudgetFlag checks that the budget takes a number of questions and
// rejects one that cannot be a budget, leaving its value unchanged.
func TestBudgetFlag(t *testing.T) {
	f := resolvegraph.Analyzer.Flags.Lookup("budget")
	if f.DefValue != "9" {
		t.Errorf("default budget %q, want 9", f.DefValue)
	}
	t.Cleanup(func() { f.Value.Set(f.DefValue) })
	if err := f.Value.Set("3"); err != nil || f.Value.String() != "3" {
		t.Errorf("-resolvegraph.budget=3: %v, value %s", err, f.Value)
	}
	for _, bad := range []string{"-1", "0", "many", ""} {
		if err := f.Value.Set(bad); err == nil {
			t.Errorf("-resolvegraph.budget=%q: no error", bad)
		}
		if f.Value.String() != "3" {
			t.Errorf("-resolvegraph.budget=%q changed the value to %s", bad, f.Value)
		}
	}
}
