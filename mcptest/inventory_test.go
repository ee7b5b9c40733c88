package mcptest_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/mcptest/internal/inventory"
)

// testdataRoot is the analyzers' testdata, from this package.
var testdataRoot = filepath.Join("..", "testdata", "src")

// TestInventory keeps the inventory in step with the analyzers' testdata
// and, unless -short, runs every handler it lists through the kit, in its
// own testdata module, and states the static verdict (the analyzer
// reports it: a `// want` in its body) beside the dynamic one (the rules
// the kit reports). A handler whose verdicts differ fails the test unless
// the inventory says why (another rule catches it, the kit cannot check
// it, the analyzer reports it in a helper, a known disagreement); a known
// disagreement that no longer holds fails it too. The files of failopen's
// outcome table are judged by their rows (see outcomes_test.go).
func TestInventory(t *testing.T) {
	onDisk, err := inventory.HandWritten(testdataRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range onDisk {
		if _, ok := inventory.Files[f]; !ok {
			t.Errorf("testdata/src/%s writes the flow by hand and is not in the inventory: run its handlers through the kit or say why not", f)
		}
	}
	byModule := map[string][]string{}
	for f, e := range inventory.Files {
		if !slices.Contains(onDisk, f) {
			t.Errorf("testdata/src/%s is in the inventory but gone (or no longer hand-written)", f)
			continue
		}
		if !e.Run && e.Reason == "" {
			t.Errorf("testdata/src/%s: neither run nor a reason", f)
		}
		hs, err := inventory.Handlers(filepath.Join(testdataRoot, filepath.FromSlash(f)), e.Legacy)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range append(sortedKeys(e.NotRun), sortedKeys(e.Expect)...) {
			if !slices.ContainsFunc(hs, func(h inventory.Handler) bool { return h.Name == n }) {
				t.Errorf("testdata/src/%s: no handler %s", f, n)
			}
		}
		if e.Run {
			byModule[inventory.Module(f)] = append(byModule[inventory.Module(f)], f)
		}
	}
	if testing.Short() {
		t.Log("-short: the fixtures are not run")
		return
	}
	var (
		mu  sync.Mutex
		got = map[string]map[string]map[string]dynamic{} // module, package dir, handler
	)
	t.Run("run", func(t *testing.T) {
		for mod, files := range byModule {
			t.Run(mod, func(t *testing.T) {
				t.Parallel()
				sort.Strings(files)
				d := runModule(t, testdataRoot, mod, files)
				mu.Lock()
				got[mod] = d
				mu.Unlock()
			})
		}
	})
	if t.Failed() {
		return
	}
	rows, err := readOutcomeTable()
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, f := range sortedKeys(byModule) {
		for _, file := range byModule[f] {
			e := inventory.Files[file]
			hs, err := inventory.Runs(testdataRoot, file)
			if err != nil {
				t.Fatal(err)
			}
			rule := inventory.Analyzer(file)
			wants, err := wantedIn(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs {
				d, ok := got[inventory.Module(file)][inventory.Package(file)][h.Name]
				if !ok {
					t.Errorf("testdata/src/%s: %s was not run", file, h.Name)
					continue
				}
				x := e.Expect[h.Name]
				if x.ReportedIn != "" {
					if !wants[x.ReportedIn] {
						t.Errorf("testdata/src/%s: %s: the inventory says the analyzer reports it in %s, which holds no diagnostic", file, h.Name, x.ReportedIn)
					}
					h.Positive = true
				}
				var verdict string
				if e.Outcomes {
					var static string
					verdict, static = judgeRow(rows, file, h.Name, d, x)
					table = append(table, fmt.Sprintf("%-48s %-26s static %-8s dynamic %-30s %s", file, h.Name, static, strings.Join(d.Rules, ","), verdict))
					if strings.HasPrefix(verdict, "FAIL") {
						t.Errorf("testdata/src/%s: %s: %s\n\t%s", file, h.Name, verdict, strings.Join(d.Findings, "\n\t"))
					}
					continue
				}
				verdict = judge(rule, h.Positive, d, x)
				table = append(table, fmt.Sprintf("%-48s %-26s static %-8s dynamic %-30s %s", file, h.Name, sign(h.Positive), strings.Join(d.Rules, ","), verdict))
				if strings.HasPrefix(verdict, "FAIL") {
					t.Errorf("testdata/src/%s: %s: %s\n\t%s", file, h.Name, verdict, strings.Join(d.Findings, "\n\t"))
				}
			}
		}
	}
	t.Logf("static and dynamic verdicts, side by side:\n%s", strings.Join(table, "\n"))
}

// judgeRow checks the outcome table's row for fn against the kit's run:
// the outcomes that took the effect at run time are the row's. It returns
// the verdict and the static one (the analyzer reports the row, or the
// table says it misses it).
func judgeRow(rows []row, file, fn string, d dynamic, x inventory.Expect) (verdict, static string) {
	pkg := filepath.Base(inventory.Package(file))
	i := slices.IndexFunc(rows, func(r row) bool { return r.pkg == pkg && r.fn == fn })
	if i < 0 {
		return "FAIL: no row " + pkg + "." + fn + " in the outcome table", "?"
	}
	r := rows[i]
	stated := r.stated()
	switch {
	case len(stated) == 0:
		static = "negative"
	case r.missed:
		static = "missed"
	default:
		static = "positive"
	}
	for _, o := range r.reach {
		if _, ok := kitOutcomes[o]; !ok && o != "ticked" {
			return fmt.Sprintf("FAIL: the row names an outcome the kit does not know: %s", o), static
		}
	}
	if x.Unchecked != "" {
		if !d.Incomplete {
			return "FAIL: the inventory says the kit cannot check it (" + x.Unchecked + "), but it did", static
		}
		return "not observable: " + x.Unchecked, static
	}
	if d.Unchecked != "" {
		return "FAIL: the kit could not check it: " + d.Unchecked, static
	}
	got := reachedAtRunTime(d.Failopen)
	same := slices.Equal(got, stated)
	switch {
	case x.Disagree != "" && same:
		return "FAIL: the run now reaches the row's outcomes: remove the disagreement", static
	case x.Disagree != "":
		return fmt.Sprintf("known disagreement (row %v, run %v): %s", stated, got, x.Disagree), static
	case !same:
		return fmt.Sprintf("FAIL: the row says %v reach the effect, the run %v", stated, got), static
	}
	return fmt.Sprintf("agree: %v", stated), static
}

// judge compares a handler's static verdict with the kit's.
func judge(rule string, positive bool, d dynamic, x inventory.Expect) string {
	switch {
	case x.Unchecked != "":
		if !d.Incomplete {
			return "FAIL: the inventory says the kit cannot check it (" + x.Unchecked + "), but it did"
		}
		return "not observable: " + x.Unchecked
	case d.Unchecked != "":
		return "FAIL: the kit could not check it: " + d.Unchecked
	}
	caughtAs := rule
	if x.CaughtAs != "" {
		caughtAs = x.CaughtAs
	}
	caught := slices.Contains(d.Rules, caughtAs)
	switch {
	case x.Either != "":
		return fmt.Sprintf("either verdict (caught=%v): %s", caught, x.Either)
	case x.Disagree != "" && caught == positive:
		return "FAIL: the kit now agrees with the analyzer: remove the disagreement"
	case x.Disagree != "":
		return "known disagreement: " + x.Disagree
	case caught != positive:
		return fmt.Sprintf("FAIL: the kit's %s caught=%v", caughtAs, caught)
	case x.CaughtAs != "" && positive:
		return "agree (caught as " + x.CaughtAs + ")"
	case x.ReportedIn != "":
		return "agree (reported in " + x.ReportedIn + ")"
	}
	return "agree"
}

func sign(positive bool) string {
	if positive {
		return "positive"
	}
	return "negative"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// wantedIn maps the functions of file (under testdataRoot) to whether a
// `// want` diagnostic lies in their bodies.
func wantedIn(file string) (map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(testdataRoot, filepath.FromSlash(file)), nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	return inventory.Wanted(fset, f), nil
}
