// Package analyzers lists mcplint's analyzers, for the mcplint command, the
// golangci-lint plugin and builds of gopls that include them.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/askstable"
	"github.com/mcplint/mcplint/analyzers/elicitbase"
	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/resolvegraph"
	"github.com/mcplint/mcplint/analyzers/resolvemix"
	"github.com/mcplint/mcplint/analyzers/resolvepure"
	"github.com/mcplint/mcplint/analyzers/statereach"
	"github.com/mcplint/mcplint/analyzers/syncask"
	"github.com/mcplint/mcplint/analyzers/toolschema"
)

// All returns mcplint's analyzers, in a fixed order. Each call returns a
// new slice of the same analyzers.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		resolvegraph.Analyzer,
		resolvemix.Analyzer,
		elicitbase.Analyzer,
		statereach.Analyzer,
		syncask.Analyzer,
		failopen.Analyzer,
		askstable.Analyzer,
		resolvepure.Analyzer,
		toolschema.Analyzer,
	}
}
