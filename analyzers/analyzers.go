// Package analyzers lists mcplint's analyzers, for the mcplint command, the
// golangci-lint plugin and builds of gopls that include them.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/suppress"
)

// All returns mcplint's analyzers, in a fixed order: those whose findings
// a directive suppresses, then suppress, which checks the directives after
// them. Each call returns a new slice of the same analyzers.
func All() []*analysis.Analyzer {
	return append(suppress.Checked(), suppress.Analyzer)
}

// DefaultDocs is the address of mcplint's docs/ directory that the
// analyzers' messages and URLs link to unless [SetDocs] changes it.
const DefaultDocs = check.DefaultDocs

// SetDocs sets the address of mcplint's docs/ directory that the
// analyzers' messages and URLs (each analyzer's page, docs/checks/NAME.md)
// link to: an absolute http, https or file URL. It returns an error, and
// changes nothing, for any other value. Call it before the analysis.
func SetDocs(url string) error { return check.SetDocs(url) }

// DocURL returns the address of page, a path under mcplint's docs/
// directory such as "checks/suppression.md".
func DocURL(page string) string { return check.DocURL(page) }
