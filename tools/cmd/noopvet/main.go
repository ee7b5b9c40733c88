// Command noopvet is the floor of the lint benchmark (tools/cmd/benchlint):
// a vet tool with one analyzer that requires the inspector and reports
// nothing. It pays what every vet tool pays (loading, type-checking, building
// the inspector) and no more, so mcplint's time over it is the cost of
// mcplint's own checks.
//
// With NOOPVET_FACTS=1 the analyzer also declares a fact type (and exports
// no fact). go vet then runs it on every dependency of the packages named,
// the standard library included, as it runs any tool whose analyzers reason
// across packages with facts, as mcplint's do: that is the floor for a vet
// tool with facts.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/analysis/unitchecker"
)

var noop = &analysis.Analyzer{
	Name:     "noop",
	Doc:      "noop reports nothing: the floor that any vet tool pays",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

// neverExported is the fact type of the facts floor.
type neverExported struct{}

func (*neverExported) AFact() {}

func main() {
	if os.Getenv("NOOPVET_FACTS") == "1" {
		noop.FactTypes = []analysis.Fact{new(neverExported)}
	}
	unitchecker.Main(noop)
}
