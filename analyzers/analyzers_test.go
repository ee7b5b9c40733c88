package analyzers_test

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// A suppression directive may name exactly mcplint's analyzers: one missing
// from suppress.Names could not be suppressed, and a directive naming it
// would be reported as unknown.
func TestSuppressNamesAreTheAnalyzers(t *testing.T) {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	known := slices.Sorted(slices.Values(suppress.Names))
	if !slices.Equal(names, known) {
		t.Errorf("suppress.Names = %v, want the names of analyzers.All(): %v", known, names)
	}
}
