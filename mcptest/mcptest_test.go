package mcptest_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/mcplint/mcplint/mcptest/internal/inventory"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "fixtures", Version: "v1"}, nil)
}

// rules runs the kit on one tool and returns the rules it reported.
func rules(t *testing.T, h func(*store) handler, probe bool) []string {
	t.Helper()
	s := &store{}
	server := newServer()
	mcp.AddTool(server, &mcp.Tool{Name: "drop"}, h(s))
	opts := mcptest.Tool{Args: map[string]any{"table": "users"}, Keys: []string{"box"}}
	if probe {
		opts.Effect = s.count
	}
	r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"drop": opts}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Log(f)
	}
	t.Log(r.Summary())
	return r.Rules()
}

// TestVerdicts states, for each fixture copied from the analyzers'
// testdata, the analyzer's verdict (positive: the rule reports it) beside
// the kit's, with and without an effect probe. Rules other than the
// fixture's own are logged, not judged: a hand-written handler with no
// capability check is askcaps' positive whatever else it does.
func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		h        func(*store) handler
		rule     string
		positive bool   // the static verdict
		caughtAs string // the rule the kit reports it under, when not the analyzer's
		fixture  string // file:function in the analyzers' testdata
		// disagree, when set, says why the kit's verdict is known to
		// differ from the analyzer's; the case fails once they agree.
		disagree string
	}{
		{"dropClosed", dropClosed, "failopen", false, "", "failopen/handwritten/handwritten.go:dropClosed", ""},
		{"dropOnlyDecline", dropOnlyDecline, "failopen", true, "", "failopen/handwritten/handwritten.go:dropOnlyDecline", ""},
		// It never asks: no question for the kit to decline, but a
		// decline sent unasked changes its outcome.
		{"dropUnlessRefused", dropUnlessRefused, "failopen", true, "statereach", "failopen/handwritten/handwritten.go:dropUnlessRefused", ""},
		{"dropOnTicked", dropOnTicked, "failopen", false, "", "failopen/handwritten/checkbox.go:dropOnTicked", ""},
		{"dropOnAccept", dropOnAccept, "failopen", true, "", "failopen/handwritten/checkbox.go:dropOnAccept", ""},
		{"cancelOrder", cancelOrder, "statereach", true, "", "statereach/standsin/standsin.go:cancelOrder", ""},
		{"timeKey", timeKey, "askstable", true, "", "askstable/handgo/handgo.go:timeKey", ""},
		{"elicitDirect", elicitDirect, "syncask", true, "", "syncask/direct/direct.go:deleteTool", ""},
		{"confirmGated", confirmGated, "askcaps", false, "", "askcaps/gated/gated.go:confirm", ""},
		{"approvalByParams", approvalByParams, "syncask", false, "", "syncask/initparams/initparams.go:tool", ""},
		{"paramsOnly", paramsOnly, "syncask", true, "", "syncask/initparams/initparams.go:paramsOnly", ""},
		// One constant state for every client carries nothing to forge: the
		// answer still decides.
		{"pruneMarker", pruneMarker, "statereach", false, "", "statereach/marker/marker.go:prune", ""},
	} {
		file, fn, _ := strings.Cut(tc.fixture, ":")
		if positive := inventoried(t, file, fn); positive != tc.positive {
			t.Errorf("%s: the fixture's static verdict is positive=%v; the table says positive=%v", tc.fixture, positive, tc.positive)
		}
		for _, probe := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/probe=%v", tc.name, probe), func(t *testing.T) {
				got := rules(t, tc.h, probe)
				rule := tc.rule
				if tc.caughtAs != "" {
					rule = tc.caughtAs
				}
				if caught := slices.Contains(got, rule); tc.disagree != "" {
					if caught == tc.positive {
						t.Errorf("%s: the kit now agrees with the analyzer (caught=%v): remove the disagreement %q", tc.rule, caught, tc.disagree)
					}
					t.Logf("known disagreement: %s", tc.disagree)
				} else if caught != tc.positive {
					t.Errorf("%s: static verdict positive=%v, dynamic (%s) caught=%v (rules %v)", tc.rule, tc.positive, rule, caught, got)
				}
			})
		}
	}
}

// inventoried returns the static verdict of the fixture's handler fn in
// file, as the inventory reads it.
func inventoried(t *testing.T, file, fn string) bool {
	t.Helper()
	positive, err := inventory.Static(testdataRoot, file, fn)
	if err != nil {
		t.Fatal(err)
	}
	return positive
}
