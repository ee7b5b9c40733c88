// Package check is what every mcplint analyzer does the same way: its
// declaration ([New], from a [Spec]), the bail-out ([Analyzer],
// [Relevant]), one spelling of a function in
// messages ([FuncName], [LocalName], [DeclName]), the documentation URL of
// an analyzer ([URL]), and the table of analyzers ([Analyzers]) that the
// suppression directive and the docs read. Diagnostics go through the one
// reporter of package suppress, which honors the directives and drops a
// second report at the same position.
package check

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Analyzer decides, once per package, whether mcplint's analyzers have
// anything to look at there. Its result is a *Package. It is cheap: it
// reads the package's imports, never its syntax.
var Analyzer = &analysis.Analyzer{
	Name:       "mcplintrelevant",
	Doc:        "decide whether a package uses an MCP API, directly or through the packages it imports",
	Run:        run,
	ResultType: reflect.TypeFor[*Package](),
	FactTypes:  []analysis.Fact{new(ReachesAPI)},
}

// Package is what [Analyzer] found about a package.
type Package struct {
	// API reports whether the package is one of the API packages (the
	// SDKs' and the runtime's, with their tests), which the analyzers
	// leave alone: what they construct is vocabulary, not user code.
	API bool
	// Imports reports whether the package imports one of the APIs,
	// directly or through the imports its dependencies record.
	Imports bool
	// Relevant reports whether an analyzer has anything to look at: the
	// package is not an API package, and imports an API or a package that
	// does (whose functions may carry facts about the API).
	Relevant bool
}

// ReachesAPI is the package fact that a package imports an MCP API,
// directly or through its imports: its importers are analyzed even if they
// import no API themselves, since its functions may carry facts.
type ReachesAPI struct{}

func (*ReachesAPI) AFact()         {}
func (*ReachesAPI) String() string { return "reachesAPI" }

func run(pass *analysis.Pass) (any, error) {
	p := &Package{API: IsAPIPackage(pass.Pkg), Imports: ImportsAPI(pass.Pkg)}
	reaches := p.Imports
	for _, imp := range pass.Pkg.Imports() {
		if reaches {
			break
		}
		reaches = pass.ImportPackageFact(imp, new(ReachesAPI))
	}
	if reaches {
		pass.ExportPackageFact(new(ReachesAPI))
	}
	p.Relevant = reaches && !p.API
	return p, nil
}

// Relevant reports whether the analyzer of pass has anything to look at
// in its package; pass.Analyzer must require [Analyzer]. It is the first
// thing every analyzer's run calls.
func Relevant(pass *analysis.Pass) bool { return Of(pass).Relevant }

// Of returns what [Analyzer] found about the package of pass.
func Of(pass *analysis.Pass) *Package { return pass.ResultOf[Analyzer].(*Package) }

// IsAPIPackage reports whether pkg is one of the API packages or the test
// variant of one (package mcp_test of the SDKs' own tests is part of the
// API package it tests).
func IsAPIPackage(pkg *types.Package) bool {
	return knowledge.InAPIModule(strings.TrimSuffix(pkg.Path(), "_test"))
}

// ImportsAPI reports whether pkg is one of the APIs or imports one of
// them, directly or through the imports that its dependencies record.
func ImportsAPI(pkg *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if knowledge.IsAPIPath(p.Path()) {
			return true
		}
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}
