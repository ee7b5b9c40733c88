// Package suppress defines an Analyzer that checks mcplint's suppression
// directives.
//
// # Analyzer suppress
//
// suppress: report //mcplint:ignore directives that name no analyzer or an unknown one, and with -suppress.unused those that suppress nothing
//
// A directive //mcplint:ignore <analyzer>[,<analyzer>...] <reason>
// suppresses the named analyzers' findings on its line and the next, or
// in the declaration whose doc comment holds it. A directive that names
// no analyzer, or a misspelled one, suppresses nothing, and says so only
// here: suppress reports it in every package, whether the package uses an
// MCP API or not.
//
// With the flag -suppress.unused, suppress also reports each directive
// (that gives a reason) naming an analyzer that reported nothing there in
// this run: a directive left behind after its finding was fixed, or
// placed on the wrong line. suppress runs after the other analyzers of
// the package, in every driver, and asks them what they suppressed; a
// directive for an analyzer whose finding depends on a flag (such as
// -resolvegraph.budget) counts as used only in runs with that flag.
//
// A finding of suppress is itself suppressed by a directive naming
// suppress on the line before it.
package suppress

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
