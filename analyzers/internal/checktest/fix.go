package checktest

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// Fix is [Run], and then checks the suggested fixes: for each package, every
// file that a fix edits, with all the fixes applied and formatted, must
// read as the file beside it with the suffix ".golden" (formatted too).
// A file with a .golden file that no fix edits fails the test, and so do
// two fixes whose edits overlap, unless the edits are the
// same (then one is applied); a fix that edits a generated file is not
// applied, as drivers do not apply it.
func Fix(t Testing, dir string, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	acts := Run(t, dir, a, patterns...)
	for _, act := range acts {
		edits := fixEdits(act)
		for file, edits := range edits {
			if err := compareGolden(file, edits); err != nil {
				t.Errorf("%s: %v", act.Package.ID, err)
			}
		}
		// A golden file that no fix reaches is a fix that disappeared.
		for _, f := range act.Package.CompiledGoFiles {
			if _, err := os.Stat(f + ".golden"); err == nil && edits[f] == nil {
				t.Errorf("%s: no suggested fix edits %s, which has a .golden file", act.Package.ID, f)
			}
		}
	}
	return acts
}

// An edit is a text edit in byte offsets of its file.
type edit struct {
	start, end int
	text       string
}

// fixEdits returns the edits of every suggested fix of the action's
// diagnostics, by file, except those of fixes that edit generated files.
func fixEdits(act *checker.Action) map[string][]edit {
	fset := act.Package.Fset
	generated := make(map[string]bool)
	for _, f := range act.Package.Syntax {
		generated[fset.File(f.Pos()).Name()] = ast.IsGenerated(f)
	}
	edits := make(map[string][]edit)
	for _, d := range act.Diagnostics {
	fixes:
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				if generated[fset.File(e.Pos).Name()] {
					continue fixes
				}
			}
			for _, e := range fix.TextEdits {
				file := fset.File(e.Pos)
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				edits[file.Name()] = append(edits[file.Name()], edit{file.Offset(e.Pos), file.Offset(end), string(e.NewText)})
			}
		}
	}
	return edits
}

// compareGolden applies edits to file and compares the result with
// file.golden, both formatted.
func compareGolden(file string, edits []edit) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fixed, err := apply(src, edits)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if fixed, err = format.Source(fixed); err != nil {
		return fmt.Errorf("%s: the fixed file does not format: %v\n%s", file, err, fixed)
	}
	golden, err := os.ReadFile(file + ".golden")
	if err != nil {
		return err
	}
	if golden, err = format.Source(golden); err != nil {
		return fmt.Errorf("%s.golden does not format: %v", file, err)
	}
	if !bytes.Equal(fixed, golden) {
		return fmt.Errorf("%s with its fixes applied is not %s.golden:\n-- fixed --\n%s\n-- golden --\n%s", file, file, fixed, golden)
	}
	return nil
}

// apply returns src with edits applied. Edits that overlap are an error,
// unless they are the same edit.
func apply(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	edits = slices.Compact(edits)
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.start < at || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("the fixes' edits overlap or fall outside the file at offset %d", e.start)
		}
		out.Write(src[at:e.start])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(src[at:])
	return out.Bytes(), nil
}
