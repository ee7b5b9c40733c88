package check

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// A Spec is what an analyzer says of itself beyond its name and doc;
// [New] derives the rest.
type Spec struct {
	// Requires lists the helper analyzers the analyzer reads, beyond
	// the two that every mcplint analyzer requires: [Analyzer] (the
	// bail-out) and suppress.Analyzer (the directives its reporter honors).
	Requires  []*analysis.Analyzer
	Run       func(*analysis.Pass) (any, error)
	FactTypes []analysis.Fact
}

// New declares the analyzer name, one of [Analyzers]: its Doc is the
// section "# Analyzer NAME" of docFile, the source of its doc.go (see
// package analysisdoc), its URL comes from its name, and it requires
// [Analyzer] and the directives' parser before the helpers it names. It
// panics if the name is not in [Analyzers] or the doc has no section for
// it, which every test of the analyzer (and every program that links it)
// would see at once.
func New(name, docFile string, s Spec) *analysis.Analyzer {
	if !Known(name) {
		panic(fmt.Sprintf("check.New: analyzer %q is not in check.Analyzers", name))
	}
	a := &analysis.Analyzer{
		Name:      name,
		Doc:       analysisdoc.MustExtract(docFile, name),
		URL:       URL(name),
		Requires:  append([]*analysis.Analyzer{Analyzer, suppress.Analyzer}, slices.Clip(s.Requires)...),
		Run:       s.Run,
		FactTypes: s.FactTypes,
	}
	declared = append(declared, a)
	return a
}
