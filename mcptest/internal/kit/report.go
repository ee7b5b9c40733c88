package kit

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Check reports what a binding's Run returned to tb: a failure to run
// stops the test, each finding is a test error, and the summary goes to
// the test's log. The bindings' Check functions are this over their Run.
func Check(tb testing.TB, r *Report, err error) *Report {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range r.Findings {
		tb.Error(f.String())
	}
	tb.Log(r.Summary())
	return r
}

// DocsBase is where the rules' pages are.
const DocsBase = "https://github.com/mcplint/mcplint/blob/main/docs/"

// Finding is one scenario a tool failed.
type Finding struct {
	Rule     string // failopen, statereach, singleuse, askcaps, syncask, askstable; "" for a tool that cannot be checked
	Tool     string
	Scenario string
	Detail   string
	Rounds   []string // the rounds on the wire, trimmed
}

// Doc is the page that explains the finding's rule.
func (f Finding) Doc() string {
	switch f.Rule {
	case "":
		return DocsBase + "testing.md"
	case "singleuse":
		return DocsBase + "runtime.md#single-use"
	}
	return DocsBase + "checks/" + f.Rule + ".md"
}

func (f Finding) String() string {
	rule := f.Rule
	if rule == "" {
		rule = "mcptest"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: tool %q, %s: %s\n  see %s", rule, f.Tool, f.Scenario, f.Detail, f.Doc())
	for _, r := range f.Rounds {
		b.WriteString("\n    ")
		b.WriteString(r)
	}
	return b.String()
}

// Report is what a check found.
type Report struct {
	SDK         string
	Tools       int
	Calls       int
	Runs        map[string]int // runs by scenario
	Findings    []Finding
	NotObserved []string
}

// Rules returns the rules of r's findings, each once, sorted.
func (r *Report) Rules() []string {
	var rules []string
	for _, f := range r.Findings {
		if !slices.Contains(rules, f.Rule) {
			rules = append(rules, f.Rule)
		}
	}
	sort.Strings(rules)
	return rules
}

func (r *Report) ran(scenario string) {
	if r.Runs == nil {
		r.Runs = map[string]int{}
	}
	r.Runs[scenario]++
}

// Summary is one paragraph: what ran and what failed.
func (r *Report) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mcptest (%s): %d tools, %d calls", r.SDK, r.Tools, r.Calls)
	for _, s := range sortedKeys(r.Runs) {
		fmt.Fprintf(&b, ", %s %d", s, r.Runs[s])
	}
	by := map[string]int{}
	for _, f := range r.Findings {
		rule := f.Rule
		if rule == "" {
			rule = "mcptest"
		}
		by[rule]++
	}
	fmt.Fprintf(&b, "; %d findings", len(r.Findings))
	for _, rule := range sortedKeys(by) {
		fmt.Fprintf(&b, ", %s %d", rule, by[rule])
	}
	notes := dedupeStrings(r.NotObserved)
	for _, n := range notes {
		fmt.Fprintf(&b, "\n  not observed: %s", n)
	}
	return b.String()
}

func dedupeStrings(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

func (c *checker) find(t *toolRun, rule, scenario, detail string, r run) {
	c.report.Findings = append(c.report.Findings, Finding{Rule: rule, Tool: t.name, Scenario: scenario, Detail: detail, Rounds: transcript(r)})
}

// transcript renders a run's rounds, trimmed.
func transcript(r run) []string {
	var lines []string
	for i, rd := range r.rounds {
		var sent strings.Builder
		fmt.Fprintf(&sent, "→ round %d: tools/call arguments %s", i+1, trim(marshal(rd.args), 120))
		if len(rd.responses) > 0 {
			fmt.Fprintf(&sent, " inputResponses %s", trim(marshal(rd.responses), 200))
		}
		if rd.state != "" {
			fmt.Fprintf(&sent, " requestState %q", trim(rd.state, 40))
		}
		lines = append(lines, sent.String())
		res := rd.res
		switch res.Status {
		case InputRequired:
			var qs []string
			for _, k := range sortedKeys(res.Requests) {
				qs = append(qs, fmt.Sprintf("%s: %s %s", k, res.Requests[k].Method, trim(string(res.Requests[k].Params), 120)))
			}
			lines = append(lines, fmt.Sprintf("← input required {%s} requestState %q", strings.Join(qs, "; "), trim(res.State, 40)))
		case Complete:
			lines = append(lines, "← complete "+trim(res.Body, 160))
		default:
			lines = append(lines, fmt.Sprintf("← %s %s", res.Status, trim(res.Err, 160)))
		}
	}
	for i, q := range r.legacy {
		lines = append(lines, fmt.Sprintf("⇐ server-to-client request %d: %s %s", i+1, q.Method, trim(string(q.Params), 120)))
	}
	return lines
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
