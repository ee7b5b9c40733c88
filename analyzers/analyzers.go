// Package analyzers lists mcplint's analyzers, for the mcplint command, the
// golangci-lint plugin and builds of gopls that include them.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/suppress"
)

// All returns mcplint's analyzers, in a fixed order: those whose findings
// a directive suppresses, then suppress, which checks the directives after
// them. Each call returns a new slice of the same analyzers.
func All() []*analysis.Analyzer {
	return append(suppress.Checked(), suppress.Analyzer)
}
