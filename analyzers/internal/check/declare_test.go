package check_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

const docFile = `// Package failopen is a test's.
//
// # Analyzer failopen
//
// failopen: a title
//
// Details.
package failopen
`

func TestNew(t *testing.T) {
	run := func(*analysis.Pass) (any, error) { return nil, nil }
	a := check.New("failopen", docFile, check.Spec{Requires: []*analysis.Analyzer{inspect.Analyzer}, Run: run})
	if a.Name != "failopen" || a.URL != check.URL("failopen") || !strings.HasPrefix(a.Doc, "a title") {
		t.Errorf("New: name %q, URL %q, doc %q", a.Name, a.URL, a.Doc)
	}
	if want := []*analysis.Analyzer{check.Analyzer, suppress.Analyzer, inspect.Analyzer}; !slices.Equal(a.Requires, want) {
		t.Errorf("New: requires %v, want %v", a.Requires, want)
	}
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		t.Errorf("New: %v", err)
	}
}

func TestNewRefusesAnUnknownName(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `"nosuch" is not in check.Analyzers`) {
			t.Errorf("New of an unknown name: recovered %v", r)
		}
	}()
	check.New("nosuch", strings.ReplaceAll(docFile, "failopen", "nosuch"), check.Spec{})
}
