package main_test

import (
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// outputs are mcplint's output forms, which share one table of exit
// statuses (mcplint -h).
var outputs = [][]string{{}, {"-json"}, {"-sarif"}}

// countFindings returns the number of findings that a run with the
// output flags printed, read in the form of its output.
func countFindings(t *testing.T, flags []string, stdout, stderr string) int {
	t.Helper()
	switch {
	case slices.Contains(flags, "-json"):
		var tree map[string]map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
			t.Fatalf("mcplint -json: %v\n%s", err, stdout)
		}
		n := 0
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []json.RawMessage
				if name != "load-errors" && json.Unmarshal(raw, &diags) == nil {
					n += len(diags)
				}
			}
		}
		return n
	case slices.Contains(flags, "-sarif"):
		var log struct {
			Runs []struct{ Results []json.RawMessage }
		}
		if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("mcplint -sarif: %v\n%s", err, stdout)
		}
		return len(log.Runs[0].Results)
	}
	return len(regexp.MustCompile(`(?m)^\S+:\d+:\d+: .* \[[a-z]+\]$`).FindAllString(stderr, -1))
}

// TestExitStatus checks that the exit status is the one of mcplint -h in
// every output form: 0 for a clean package, 1 for one that does not load,
// 2 for a directory that does not exist, 3 for findings; and that a
// package's findings, which its test variant has too, are each reported
// once, in every output form and in a baseline.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	bin := build(t)
	module(t, "cmd") // the environment
	bad := writeModule(t, map[string]string{
		"go.mod":     "module example.com/bad\n\ngo 1.25\n",
		"typed/t.go": "package typed\n\nfunc F() int { return \"x\" }\n",
		"good/g.go":  "package good\n",
	})
	// The demo, with a test file: every package of it has a test variant.
	demo, _ := demoModule(t)
	writeFile(t, filepath.Join(demo, "demo", "demo_test.go"), "package demo\n\nimport \"testing\"\n\nfunc TestNothing(*testing.T) {}\n")

	for _, flags := range outputs {
		for _, tc := range []struct {
			dir, pkg string
			status   int
		}{
			{bad, "./good", 0},
			{bad, "./typed", 1},
			{bad, "./nosuch", 2},
			{demo, "./...", 3},
		} {
			args := append(slices.Clone(flags), tc.pkg)
			stdout, stderr, status := run(t, tc.dir, bin, args...)
			if status != tc.status {
				t.Errorf("mcplint %s: exit status %d, want %d\n%s", strings.Join(args, " "), status, tc.status, stderr)
			}
			if tc.status == 3 {
				if n := countFindings(t, flags, stdout, stderr); n != demoFindings() {
					t.Errorf("mcplint %s: %d findings, want each of the demo's %d once (a package and its test variant have each)\n%s%s",
						strings.Join(args, " "), n, demoFindings(), stdout, stderr)
				}
			}
		}
	}
	baseline := filepath.Join(t.TempDir(), "mcplint.baseline")
	_, stderr, status := run(t, demo, bin, "-write-baseline="+baseline, "./...")
	if want := fmt.Sprintf("mcplint: wrote %d findings to %s\n", demoFindings(), baseline); status != 0 || stderr != want {
		t.Errorf("mcplint -write-baseline: exit status %d, stderr %q; want 0 and %q", status, stderr, want)
	}
}

// TestSARIFVersion checks that the SARIF log names the version of the
// mcplint that wrote it.
func TestSARIFVersion(t *testing.T) {
	t.Parallel()
	bin := build(t)
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	dir := writeModule(t, map[string]string{"go.mod": "module example.com/clean\n\ngo 1.25\n", "c.go": "package clean\n"})
	stdout, stderr, status := run(t, dir, bin, "-sarif", "./...")
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Name, Version string }
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || status != 0 || len(log.Runs) != 1 {
		t.Fatalf("mcplint -sarif: exit status %d, %v\n%s%s", status, err, stdout, stderr)
	}
	if d := log.Runs[0].Tool.Driver; d.Name != "mcplint" || d.Version != info.Main.Version || d.Version == "" {
		t.Errorf("the SARIF driver is %+v, want mcplint at %q", d, info.Main.Version)
	}
}

// TestDocsFlag checks that -docs moves every link to mcplint's pages: in
// the messages, in mcplint help, and in SARIF's rules.
func TestDocsFlag(t *testing.T) {
	t.Parallel()
	bin := build(t)
	const docs = "https://docs.example.com/mcplint/"
	dir, _ := demoModule(t)
	_, stderr, status := run(t, dir, bin, "-docs="+docs, "-statereach", "./...")
	if status != 3 || !strings.Contains(stderr, "see "+docs+"migrate.md)") || strings.Contains(stderr, "github.com/mcplint") {
		t.Errorf("mcplint -docs=%s: exit status %d, want 3 and a message that links to %smigrate.md:\n%s", docs, status, docs, stderr)
	}
	stdout, _, _ := run(t, dir, bin, "-docs", strings.TrimSuffix(docs, "/"), "help")
	if !strings.Contains(stdout, docs+"checks/failopen.md") || !strings.Contains(stdout, docs+"checks/suppression.md") || strings.Contains(stdout, "github.com/mcplint") {
		t.Errorf("mcplint -docs %s help does not link to pages under it:\n%s", docs, stdout)
	}
	stdout, _, _ = run(t, dir, bin, "-docs="+docs, "-sarif", "-resolvemix", "./...")
	if !strings.Contains(stdout, `"helpUri": "`+docs+`checks/resolvemix.md"`) {
		t.Errorf("mcplint -docs=%s -sarif: no rule links to its page under it:\n%s", docs, stdout)
	}
	// Without it, the repository the README names.
	stdout, _, _ = run(t, dir, bin, "help")
	if !strings.Contains(stdout, "https://github.com/mcplint/mcplint/blob/main/docs/checks/failopen.md") {
		t.Errorf("mcplint help does not link to the repository's pages:\n%s", stdout)
	}
}
