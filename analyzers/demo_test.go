package analyzers_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// TestDemo keeps testdata/demo, which the README runs, at one finding per
// analyzer.
func TestDemo(t *testing.T) {
	t.Parallel()
	env := append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	run := analyze(t, testenv.Root(t), env, false, "./testdata/demo")
	if len(run.Errors) > 0 {
		t.Fatalf("analyzing the demo:\n%s", strings.Join(run.Errors, "\n"))
	}
	var got []string
	for _, d := range run.Diagnostics {
		got = append(got, d.Analyzer+"/"+d.Category)
		t.Log(d)
	}
	slices.Sort(got)
	want := []string{"askcaps/capability", "askstable/unstable", "elicitbase/declared", "failopen/returns", "resolvegraph/unused-resolver", "resolvemix/declared", "resolvepure/effect", "statereach/stands-in", "suppress/directive", "syncask/refused", "toolschema/inferred"}
	if !slices.Equal(got, want) {
		t.Errorf("the demo has findings %v, want %v", got, want)
	}
}
