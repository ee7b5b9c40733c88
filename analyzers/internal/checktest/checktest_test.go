package checktest

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// printlns reports each call of println, with a fix that calls print
// instead, and marks each function whose name begins with "marked" and
// each package with a fact.
var printlns = &analysis.Analyzer{
	Name:      "printlns",
	Doc:       "reports println",
	FactTypes: []analysis.Fact{new(mark)},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.ExportPackageFact(&mark{"package " + pass.Pkg.Name()})
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					if strings.HasPrefix(n.Name.Name, "marked") {
						pass.ExportObjectFact(pass.TypesInfo.Defs[n.Name], &mark{"marked " + n.Name.Name})
					}
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "println" {
						pass.Report(analysis.Diagnostic{
							Pos: n.Pos(), Message: "call of println",
							SuggestedFixes: []analysis.SuggestedFix{{
								Message:   "Call print",
								TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("print")}},
							}},
						})
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

type mark struct{ Says string }

func (*mark) AFact()           {}
func (m *mark) String() string { return m.Says }

// writeModule writes a module of the files given (path relative to the module:
// content) and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// recorder keeps what a run reports.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (*recorder) Helper() {}

const met = `package a // want package:"package a"

func f() {
	println("x") // want "call of println"
	// want +1 "call of println"
	println("y")
	/* want "call of" "println" */ println("z"); println("w")
}

func markedOne() {} // want markedOne:"marked markedOne"
`

const unmet = `package b // want package:"package b"

func g() {
	println("x")
	print("y") // want "call of println"
	println("z") // want "call of print$"
}

func markedTwo() {}
`

func TestRunMeetsExpectations(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": met, "b/b.go": unmet})
	var r recorder
	acts := Run(&r, dir, printlns, "./a")
	if len(r.errors) > 0 {
		t.Errorf("expectations met, but the run reported:\n%s", strings.Join(r.errors, "\n"))
	}
	if len(acts) != 1 || len(acts[0].Diagnostics) != 4 {
		t.Errorf("want one action with 4 diagnostics, got %d actions", len(acts))
	}
}

func TestRunReportsWhatWasNotExpected(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": met, "b/b.go": unmet})
	var r recorder
	Run(&r, dir, printlns, "./...")
	got := strings.Join(r.errors, "\n")
	for _, want := range []string{
		"b.go:4:2: unexpected diagnostic: call of println",
		"b.go:5: no diagnostic was reported matching `call of println`",
		"b.go:6:2: diagnostic \"call of println\" does not match pattern `call of print$`",
		"b.go:9:6: unexpected fact: marked markedTwo",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the run did not report %q; it reported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "a.go") {
		t.Errorf("package a meets its expectations, but the run reported:\n%s", got)
	}
}

func TestRunRejectsPatternsThatMatchNothing(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": met})
	var r recorder
	if acts := Run(&r, dir, printlns, "./a", "./nowhere"); acts != nil || len(r.errors) != 1 || !strings.Contains(r.errors[0], "no package matches ./nowhere") {
		t.Errorf("got %d actions, errors %q", len(acts), r.errors)
	}
}

func TestFixComparesWithGolden(t *testing.T) {
	fixed := strings.NewReplacer("println(", "print(").Replace(met)
	dir := writeModule(t, map[string]string{"a/a.go": met, "a/a.go.golden": fixed})
	var r recorder
	Fix(&r, dir, printlns, "./a")
	if len(r.errors) > 0 {
		t.Errorf("the golden file is the fixed file, but the run reported:\n%s", strings.Join(r.errors, "\n"))
	}

	dir = writeModule(t, map[string]string{"a/a.go": met, "a/a.go.golden": met})
	r = recorder{}
	Fix(&r, dir, printlns, "./a")
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "with its fixes applied is not") {
		t.Errorf("the golden file is the unfixed file; want one mismatch, got %q", r.errors)
	}

	quiet := "package a // want package:\"package a\"\n\nfunc f() {}\n"
	dir = writeModule(t, map[string]string{"a/a.go": quiet, "a/a.go.golden": quiet})
	r = recorder{}
	Fix(&r, dir, printlns, "./a")
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "no suggested fix edits") {
		t.Errorf("no fix reaches a file with a golden file; want that reported, got %q", r.errors)
	}
}

func TestApply(t *testing.T) {
	src := []byte("0123456789")
	for _, c := range []struct {
		edits []edit
		want  string // "" for an error
	}{
		{[]edit{{2, 4, "ab"}, {0, 1, "X"}}, "X1ab456789"},
		{[]edit{{2, 4, "ab"}, {2, 4, "ab"}}, "01ab456789"},
		{[]edit{{3, 3, "+"}}, "012+3456789"},
		{[]edit{{2, 5, "ab"}, {4, 6, "cd"}}, ""},
		{[]edit{{2, 4, "ab"}, {2, 4, "cd"}}, ""},
		{[]edit{{8, 12, ""}}, ""},
	} {
		got, err := apply(src, c.edits)
		if (err == nil) != (c.want != "") || err == nil && string(got) != c.want {
			t.Errorf("apply(%v) = %q, %v; want %q", c.edits, got, err, c.want)
		}
	}
}

func TestParseWant(t *testing.T) {
	for _, c := range []struct {
		text  string
		delta int
		want  []string // kind and pattern of each expectation; nil for an error
	}{
		{` "a" ` + "`b`", 0, []string{"diagnostic a", "diagnostic b"}},
		{` +2 "a"`, 2, []string{"diagnostic a"}},
		{` f:"x" package:"y" "z"`, 0, []string{"fact f x", "fact package y", "diagnostic z"}},
		{` f "x"`, 0, nil},
		{` +x`, 0, nil},
		{` "a(" `, 0, nil},
		{` 3`, 0, nil},
	} {
		delta, es, err := parseWant(c.text)
		var got []string
		for _, e := range es {
			got = append(got, strings.TrimSpace(e.kind()+" "+e.fact+" "+e.rx.String()))
		}
		got = append([]string(nil), strings.Fields(strings.Join(got, "\n"))...)
		var want []string
		for _, w := range c.want {
			want = append(want, strings.Fields(w)...)
		}
		if (err != nil) != (c.want == nil) || strings.Join(got, " ") != strings.Join(want, " ") || delta != c.delta {
			t.Errorf("parseWant(%q) = %d, %q, %v; want %d, %q", c.text, delta, got, err, c.delta, c.want)
		}
	}
}
