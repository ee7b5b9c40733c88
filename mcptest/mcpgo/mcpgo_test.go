package mcpgo_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcplint/mcplint/mcptest/internal/inventory"
	"github.com/mcplint/mcplint/mcptest/mcpgo"
)

// rules runs the kit on one tool and returns the rules it reported.
func rules(t *testing.T, h handler, probe bool, srv **server.MCPServer) []string {
	t.Helper()
	st := &store{}
	s := server.NewMCPServer("fixtures", "v1")
	if srv != nil {
		*srv = s
	}
	s.AddTool(mcp.NewTool("purge", mcp.WithString("bucket", mcp.Required())), h(st))
	opts := mcpgo.Tool{Args: map[string]any{"bucket": "logs"}, Keys: []string{"purge", "box"}}
	if probe {
		opts.Effect = st.count
	}
	r, err := mcpgo.Run(s, mcpgo.Options{Tool: map[string]mcpgo.Tool{"purge": opts}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Log(f)
	}
	t.Log(r.Summary())
	return r.Rules()
}

// TestVerdicts states, for each mcp-go fixture copied from the analyzers'
// testdata, the analyzer's verdict beside the kit's, with and without an
// effect probe (see the go-sdk twin in package mcptest). Each copy names
// its fixture, whose static verdict the inventory reads from the
// fixture's `// want` comments: a copy whose verdict is not the
// fixture's fails.
func TestVerdicts(t *testing.T) {
	var deployed *server.MCPServer
	for _, tc := range []struct {
		name     string
		h        handler
		rule     string
		positive bool   // the static verdict
		caughtAs string // the rule the kit reports it under, when not the analyzer's
		fixture  string // file:function in the analyzers' testdata
	}{
		{"purgeClosed", purgeClosed, "failopen", false, "", "failopen/handwrittenmcpgo/handwrittenmcpgo.go:purgeClosed"},
		// It never asks: a decline sent unasked changes its outcome.
		{"purgeOpen", purgeOpen, "failopen", true, "statereach", "failopen/handwrittenmcpgo/handwrittenmcpgo.go:purgeOpen"},
		// Two questions: the one it never reads confirms nothing beside
		// the acknowledgement it reads; one only told present confirms.
		{"purgeAckViaHelper", purgeAckViaHelper, "failopen", false, "", "failopen/handwrittenmcpgo/handwrittenmcpgo.go:purgeAckViaHelper"},
		{"purgeAckUnread", purgeAckUnread, "failopen", true, "", "failopen/handwrittenmcpgo/handwrittenmcpgo.go:purgeAckUnread"},
		{"purgeTicked", purgeTicked, "failopen", false, "", "failopen/handwrittenmcpgo/checkbox.go:purgeTicked"},
		{"purgeSubmitted", purgeSubmitted, "failopen", true, "", "failopen/handwrittenmcpgo/checkbox.go:purgeSubmitted"},
		{"purgeUnlessBoth", purgeUnlessBoth, "failopen", true, "", "failopen/handwrittenmcpgo/checkbox.go:purgeUnlessBoth"},
		{"purgeTickedApart", purgeTickedApart, "failopen", false, "", "failopen/handwrittenmcpgo/checkbox.go:purgeTickedApart"},
		{"cancelMCPGo", cancelMCPGo, "statereach", true, "", "statereach/standsin/standsin.go:cancelMCPGo"},
		{"deploy", deploy(&deployed), "syncask", true, "", "syncask/mcpgo/mcpgo.go:deploy"},
	} {
		file, fn, _ := strings.Cut(tc.fixture, ":")
		if positive, err := inventory.Static(filepath.Join("..", "..", "testdata", "src"), file, fn); err != nil {
			t.Fatal(err)
		} else if positive != tc.positive {
			t.Errorf("%s: the fixture's static verdict is positive=%v; the table says positive=%v", tc.fixture, positive, tc.positive)
		}
		for _, probe := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/probe=%v", tc.name, probe), func(t *testing.T) {
				var srv **server.MCPServer
				if tc.name == "deploy" {
					srv = &deployed
				}
				got := rules(t, tc.h, probe, srv)
				rule := tc.rule
				if tc.caughtAs != "" {
					rule = tc.caughtAs
				}
				if caught := slices.Contains(got, rule); caught != tc.positive {
					t.Errorf("%s: static verdict positive=%v, dynamic (%s) caught=%v (rules %v)", tc.rule, tc.positive, rule, caught, got)
				}
			})
		}
	}
}
