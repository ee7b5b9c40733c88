package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

// demoModule writes a module of its own with the demo server
// (testdata/demo), which uses this checkout's runtime, and returns its
// directory and the demo's source: a copy that a test may edit.
func demoModule(t *testing.T) (dir, src string) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "testdata", "demo", "demo.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir = writeModule(t, map[string]string{
		"go.mod": "module example.com/demo\n\ngo 1.25.5\n\nrequire github.com/mcplint/mcplint v0.0.0\n\n" +
			"replace github.com/mcplint/mcplint => " + root + "\n",
		"go.sum":       string(sum),
		"demo/demo.go": string(data),
	})
	return dir, string(data)
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

// demoFindings is the number of the demo's findings: one for each
// analyzer (the demo has one mistake for each, which TestDemo checks).
func demoFindings() int { return len(analyzers.All()) }

// TestBaselineDemo runs the adoption of a baseline on the demo: written,
// it accepts every finding; code moved by ten lines still matches it
// (TestSARIFFingerprints checks that the same edit moves the findings); a
// second finding with the key of an accepted one is new, and alone in
// -json; a fixed finding leaves a stale entry. (docs/ci.md's recipe test
// checks the exit statuses of a new finding and of -fail-stale.)
func TestBaselineDemo(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir, src := demoModule(t)
	demo := filepath.Join(dir, "demo", "demo.go")
	baseline := filepath.Join(dir, "mcplint.baseline")

	_, stderr, status := run(t, dir, bin, "-write-baseline="+baseline, "./...")
	if want := fmt.Sprintf("wrote %d findings to ", demoFindings()); status != 0 || !strings.Contains(stderr, want) {
		t.Fatalf("-write-baseline: exit status %d, want 0 and %d findings written\n%s", status, demoFindings(), stderr)
	}
	data, err := os.ReadFile(baseline)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), dir) || !strings.Contains(string(data), "\nsyncask\tdemo/demo.go\trefundOrder\t") {
		t.Errorf("the baseline names no file relative to the module, or an absolute one:\n%s", data)
	}
	if _, stderr, status := run(t, dir, bin, "-baseline="+baseline, "-fail-stale", "./..."); status != 0 || stderr != "" {
		t.Errorf("-baseline right after -write-baseline: exit status %d, want 0 and no output\n%s", status, stderr)
	}

	// Every finding ten lines down.
	moved := strings.Replace(src, "\nimport (", strings.Repeat("\n// moved", 10)+"\nimport (", 1)
	writeFile(t, demo, moved)
	if _, stderr, status := run(t, dir, bin, "-baseline="+baseline, "-fail-stale", "./..."); status != 0 || stderr != "" {
		t.Errorf("-baseline after the code moved: exit status %d, want 0 and no output\n%s", status, stderr)
	}

	// A second Elicit in refundOrder: the same analyzer, file, function
	// and message as the accepted one, but the baseline has one entry.
	const ask = "\tres, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: \"Refund order \" + in.OrderID + \"?\"})\n"
	twice := strings.Replace(moved, ask, ask+"\t_, _ = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: \"Really?\"})\n", 1)
	if twice == moved {
		t.Fatal("the demo's refundOrder has changed: update the test")
	}
	writeFile(t, demo, twice)
	stdout, stderr, status := run(t, dir, bin, "-json", "-baseline="+baseline, "./...")
	if status != 3 || strings.Count(stdout, `"posn"`) != 1 || !strings.Contains(stdout, "ServerSession.Elicit fails") {
		t.Errorf("-json -baseline with a second finding of an accepted key: exit status %d, want 3 and that finding alone\n%s\n%s", status, stdout, stderr)
	}

	// The resolvepure finding fixed: its entry is stale.
	fixed := strings.Replace(moved, "\tos.Remove(in.Path + \".bak\")\n", "", 1)
	if fixed == moved {
		t.Fatal("the demo's confirmDelete has changed: update the test")
	}
	writeFile(t, demo, fixed)
	_, stderr, status = run(t, dir, bin, "-baseline="+baseline, "./...")
	stale := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(baseline) + `:\d+: stale baseline entry, its finding is gone: demo/demo.go \(confirmDelete\): resolver demo.confirmDelete writes to the file system .*\[resolvepure\]$`)
	if status != 0 || !stale.MatchString(stderr) || strings.Count(stderr, "stale baseline entry") != 1 {
		t.Errorf("-baseline after a fix: exit status %d, want 0 and the resolvepure entry stale\n%s", status, stderr)
	}
}

// TestBaselineErrors checks that a baseline that is not one, is
// truncated, or has a line mcplint cannot read is an error naming the
// file and the line, with exit status 2, never an empty baseline.
func TestBaselineErrors(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir := module(t, "cmd")
	tmp := t.TempDir()
	const header = "# mcplint baseline v1\n"
	for _, tc := range []struct {
		name, content, want string
	}{
		{"foreign", "{\"runs\": []}\n", `foreign:1: not an mcplint baseline: the first line is not "# mcplint baseline v1"`},
		{"empty", "", "empty:1: empty file: not an mcplint baseline"},
		{"version", "# mcplint baseline v9\n# end\n", `version:1: a baseline of version "v9"`},
		{"truncated", header + "resolvemix\ttools/tools.go\tRegister\ttool \"order\": handler\n", `truncated:2: the file ends before its last line "# end": it is truncated`},
		{"cut", header + "resolvemix\ttools/tools.go\n# end\n", "cut:2: 2 tab-separated fields; an entry has 4: analyzer, file, function, message"},
		{"analyzer", header + "resolvmix\ttools/tools.go\t-\tm\n# end\n", `analyzer:2: no analyzer "resolvmix"`},
		{"escape", header + "resolvemix\ttools/tools.go\t-\tm\\q\n# end\n", `escape:2: unknown escape \q`},
		{"after", header + "# end\nresolvemix\ttools/tools.go\t-\tm\n", `after:3: a line after "# end"`},
		{"absolute", header + "resolvemix\t/src/tools.go\t-\tm\n# end\n", "absolute:2: absolute file name /src/tools.go"},
	} {
		name := filepath.Join(tmp, tc.name)
		writeFile(t, name, tc.content)
		for _, format := range []string{"", "-json", "-sarif"} {
			args := []string{"-baseline=" + name, "./clean"}
			if format != "" {
				args = append([]string{format}, args...)
			}
			stdout, stderr, status := run(t, dir, bin, args...)
			if status != 2 || stdout != "" || !strings.HasPrefix(stderr, "mcplint: "+tmp+string(filepath.Separator)+tc.want) {
				t.Errorf("mcplint %s: exit status %d, stdout %q, stderr:\n%s\nwant 2 and %q", strings.Join(args, " "), status, stdout, stderr, tc.want)
			}
		}
	}
	if _, stderr, status := run(t, dir, bin, "-baseline="+filepath.Join(tmp, "missing"), "./clean"); status != 2 || !strings.Contains(stderr, "no such file") {
		t.Errorf("a missing baseline: exit status %d, want 2\n%s", status, stderr)
	}
}

// sarifFingerprints returns the fingerprint of each result of mcplint
// -sarif, with its line and baselineState.
func sarifFingerprints(t *testing.T, out string) (prints []string, lines []int, states []string) {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				BaselineState       string            `json:"baselineState"`
				Locations           []struct {
					PhysicalLocation struct {
						Region *struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("mcplint -sarif: %v\n%s", err, out)
	}
	for _, r := range log.Runs[0].Results {
		fp := r.PartialFingerprints["mcplintFinding/v1"]
		if fp == "" {
			t.Errorf("a result without its fingerprint: %+v", r)
		}
		prints, states = append(prints, fp), append(states, r.BaselineState)
		if region := r.Locations[0].PhysicalLocation.Region; region != nil {
			lines = append(lines, region.StartLine)
		} else {
			lines = append(lines, 0)
		}
	}
	return prints, lines, states
}

// TestSARIFFingerprints checks that every result has a fingerprint, each
// different, the same after the code moves, and that with a baseline each
// result says whether it is new, and a stale entry is an absent result.
func TestSARIFFingerprints(t *testing.T) {
	t.Parallel()
	bin := build(t)
	dir, src := demoModule(t)
	demo := filepath.Join(dir, "demo", "demo.go")
	out, stderr, status := run(t, dir, bin, "-sarif", "./...")
	if status != 3 {
		t.Fatalf("-sarif: exit status %d, want 3 (findings)\n%s", status, stderr)
	}
	prints, lines, states := sarifFingerprints(t, out)
	if len(prints) != demoFindings() || len(slices.Compact(slices.Sorted(slices.Values(prints)))) != len(prints) {
		t.Errorf("fingerprints %q: want %d, all different", prints, demoFindings())
	}
	if slices.ContainsFunc(states, func(s string) bool { return s != "" }) {
		t.Errorf("baselineState %q without a baseline", states)
	}

	writeFile(t, demo, strings.Replace(src, "\nimport (", strings.Repeat("\n// moved", 10)+"\nimport (", 1))
	out, _, _ = run(t, dir, bin, "-sarif", "./...")
	movedPrints, movedLines, _ := sarifFingerprints(t, out)
	if !slices.Equal(movedPrints, prints) {
		t.Errorf("fingerprints after the code moved:\n%q\nbefore:\n%q", movedPrints, prints)
	}
	for i := range lines {
		if i < len(movedLines) && movedLines[i] != lines[i]+10 {
			t.Errorf("result %d at line %d after the move, %d before: the code did not move", i, movedLines[i], lines[i])
		}
	}

	baseline := filepath.Join(dir, "mcplint.baseline")
	if _, stderr, status := run(t, dir, bin, "-write-baseline="+baseline, "./..."); status != 0 {
		t.Fatalf("-write-baseline: exit status %d\n%s", status, stderr)
	}
	writeFile(t, demo, strings.Replace(src, "\tos.Remove(in.Path + \".bak\")\n", "", 1))
	out, stderr, status = run(t, dir, bin, "-sarif", "-baseline="+baseline, "./...")
	if status != 0 || !strings.Contains(stderr, "stale baseline entry") {
		t.Fatalf("-sarif -baseline: exit status %d, want 0 and the stale entry on stderr\n%s", status, stderr)
	}
	_, _, states = sarifFingerprints(t, out)
	slices.Sort(states)
	// The fixed finding is absent, every other one unchanged.
	if want := append([]string{"absent"}, slices.Repeat([]string{"unchanged"}, demoFindings()-1)...); !slices.Equal(states, want) {
		t.Errorf("baselineState %q, want %q", states, want)
	}
}
