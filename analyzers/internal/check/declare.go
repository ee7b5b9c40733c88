package check

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// A Spec is what an analyzer says of itself; [New] derives the rest.
type Spec struct {
	// Name is the analyzer's name, one of [Analyzers].
	Name string
	// DocFile is the source of the analyzer's doc.go, whose section
	// "# Analyzer NAME" is its Doc (see package analysisdoc).
	DocFile string
	// Requires lists the helper analyzers the analyzer reads, beyond
	// the two that every mcplint analyzer requires: [Analyzer] (the
	// bail-out) and suppress.Analyzer (the directives its reporter honors).
	Requires  []*analysis.Analyzer
	Run       func(*analysis.Pass) (any, error)
	FactTypes []analysis.Fact
}

// New declares one of mcplint's analyzers: its Doc comes from its doc.go,
// its URL from its name, and it requires [Analyzer] and the directives'
// parser before the helpers it names. It panics if the name is not in
// [Analyzers] or the doc has no section for it, which every test of the
// analyzer (and every program that links it) would see at once.
func New(s Spec) *analysis.Analyzer {
	if !Known(s.Name) {
		panic(fmt.Sprintf("check.New: analyzer %q is not in check.Analyzers", s.Name))
	}
	return &analysis.Analyzer{
		Name:      s.Name,
		Doc:       analysisdoc.MustExtract(s.DocFile, s.Name),
		URL:       URL(s.Name),
		Requires:  append([]*analysis.Analyzer{Analyzer, suppress.Analyzer}, slices.Clip(s.Requires)...),
		Run:       s.Run,
		FactTypes: s.FactTypes,
	}
}
