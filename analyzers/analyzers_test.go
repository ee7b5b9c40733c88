package analyzers_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// The analyzer table (check.Analyzers, which the suppression directive and
// the docs read) lists exactly mcplint's analyzers, and each takes its URL
// from it: one missing from the table could not be suppressed, and a
// directive naming it would be reported as unknown.
func TestTableIsTheAnalyzers(t *testing.T) {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
		if a.URL != check.URL(a.Name) {
			t.Errorf("%s: URL %q, want %q", a.Name, a.URL, check.URL(a.Name))
		}
	}
	slices.Sort(names)
	if known := check.Names(); !slices.Equal(names, known) {
		t.Errorf("check.Analyzers = %v, want the names of analyzers.All(): %v", known, names)
	}
}

// Each analyzer of the table has its page, where its URL points.
func TestTableHasPages(t *testing.T) {
	for _, name := range check.Names() {
		page := filepath.Join(testenv.Root(t), "docs", "checks", name+".md")
		if _, err := os.Stat(page); err != nil {
			t.Errorf("analyzer %s: no page: %v", name, err)
		}
	}
}
