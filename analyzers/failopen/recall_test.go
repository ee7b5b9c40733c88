package failopen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// recallFloor is the number of labelled fail-open confirmations of the
// recall corpus that failopen reports, at the commit that last raised it:
// a change that reports fewer fails TestRecall. Raise it with every
// change that reports more.
const recallFloor = 68

// TestRecall runs failopen over testdata/src/recall: four servers written
// for this, without sight of the analyzers, by authors asked for
// fail-open confirmations as teams write them (helpers, wrappers in other
// packages, switches, sentinels, typed errors, hand-written rounds,
// interfaces wired in main) and a correct twin of each, each checked at
// run time against a real client. The line that asks in each handler is
// labelled "// probe:bug" or "// probe:ok"; a helper at the root of a bug
// that its callers trust is labelled "// probe:cause"; a handler that goes
// ahead, on purpose, when the client cannot be asked is labelled
// "// probe:policy". A finding belongs to the label of the innermost
// function around it.
//
// The test fails on a finding in a twin, in a policy by default, or
// outside every labelled function (a false positive), when fewer bugs are
// found than recallFloor, and when -failopen.unsupported does not report
// a policy; it logs the recall and every miss.
func TestRecall(t *testing.T) {
	dir := testenv.Download(t, "recall")
	labels := recallLabels(t, dir)

	var quiet recorder // the corpus has no "// want" comments: every finding and fact is unexpected
	actions := checktest.Run(&quiet, dir, failopen.Analyzer, "./...")
	for _, e := range quiet.errors {
		if !strings.Contains(e, "unexpected diagnostic") && !strings.Contains(e, "unexpected fact") {
			t.Fatal(e)
		}
	}
	for _, act := range actions {
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			l := innermost(labels, posn)
			switch {
			case l == nil:
				t.Errorf("%s: a finding outside every labelled function: %s", posn, d.Message)
			case l.kind == "ok" || l.kind == "policy":
				t.Errorf("%s: a finding in a correct twin or a policy (%s:%d): %s", posn, l.file, l.line, d.Message)
			default:
				l.found = true
			}
		}
	}
	var bugs, found int
	for _, l := range labels {
		if l.kind == "ok" || l.kind == "policy" {
			continue
		}
		bugs++
		if l.found {
			found++
		} else {
			t.Logf("missed: %s:%d %s", l.file, l.line, l.text)
		}
	}
	t.Logf("recall: %d of %d labelled bugs and causes reported", found, bugs)
	if found < recallFloor {
		t.Errorf("recall: %d of %d reported, fewer than the floor of %d", found, bugs, recallFloor)
	}

	// The policies, with the flag that reports them.
	f := failopen.Analyzer.Flags.Lookup("unsupported")
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	defer f.Value.Set("false")
	for _, act := range checktest.Run(&quiet, dir, failopen.Analyzer, "./...") {
		for _, d := range act.Diagnostics {
			if l := innermost(labels, act.Package.Fset.Position(d.Pos)); l != nil && l.kind == "policy" {
				l.found = true
			}
		}
	}
	for _, l := range labels {
		if l.kind == "policy" && !l.found {
			t.Errorf("%s:%d: a policy that -failopen.unsupported does not report: %s", l.file, l.line, l.text)
		}
	}
}

// A recallLabel is one "// probe:" comment and the function around it.
type recallLabel struct {
	file, text string
	line       int
	kind       string // "bug", "ok", "cause" or "policy"
	start, end int    // the lines of the innermost function around it
	found      bool
}

// recallLabels returns the labels of the corpus in dir.
func recallLabels(t *testing.T, dir string) []*recallLabel {
	var labels []*recallLabel
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "probe:")
				if !ok {
					continue
				}
				kind, _, _ := strings.Cut(text, " ")
				l := &recallLabel{file: path, text: text, line: fset.Position(c.Pos()).Line, kind: kind}
				ast.Inspect(f, func(n ast.Node) bool {
					switch n.(type) {
					case *ast.FuncDecl, *ast.FuncLit:
						if n.Pos() <= c.Pos() && c.Pos() <= n.End() {
							l.start, l.end = fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
						}
					}
					return true
				})
				if l.start == 0 || !slices.Contains([]string{"bug", "ok", "cause", "policy"}, kind) {
					t.Fatalf("%s:%d: a label outside a function, or of no kind: %s", path, l.line, c.Text)
				}
				labels = append(labels, l)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) == 0 {
		t.Fatalf("no labels in %s", dir)
	}
	return labels
}

// innermost returns the label of the innermost labelled function around
// posn, or nil.
func innermost(labels []*recallLabel, posn token.Position) *recallLabel {
	var best *recallLabel
	for _, l := range labels {
		if l.file == posn.Filename && l.start <= posn.Line && posn.Line <= l.end &&
			(best == nil || l.end-l.start < best.end-best.start) {
			best = l
		}
	}
	return best
}
