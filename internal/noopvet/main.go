// Command noopvet is the floor of the lint benchmark (scripts/bench-lint.sh):
// a vet tool with one analyzer that requires the inspector and reports
// nothing. It pays what every vet tool pays (loading, type-checking, fact
// plumbing, building the inspector) and no more, so mcplint's time over it
// is the cost of mcplint's own checks.
package main

import (
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

func main() { unitchecker.Main(noop) }
