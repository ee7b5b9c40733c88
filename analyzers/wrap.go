package analyzers

import (
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Wrap returns copies of as whose Run is run(a, pass), a being the
// original analyzer of the copy (run calls a.Run to analyze). A copy
// requires the copies of the analyzers of as that its original requires
// (suppress requires the others), so that each analyzer runs once and no
// fact type has two analyzers; a.Run finds its requirements' results
// under the originals.
func Wrap(as []*analysis.Analyzer, run func(a *analysis.Analyzer, pass *analysis.Pass) (any, error)) []*analysis.Analyzer {
	copies := make(map[*analysis.Analyzer]*analysis.Analyzer, len(as))
	originals := make(map[*analysis.Analyzer]*analysis.Analyzer, len(as))
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		c.Run = func(pass *analysis.Pass) (any, error) {
			for req, res := range pass.ResultOf {
				if orig, ok := originals[req]; ok {
					pass.ResultOf[orig] = res
				}
			}
			return run(a, pass)
		}
		copies[a], originals[&c] = &c, a
		out[i] = &c
	}
	for _, c := range out {
		c.Requires = slices.Clone(c.Requires)
		for i, req := range c.Requires {
			if cp, ok := copies[req]; ok {
				c.Requires[i] = cp
			}
		}
	}
	return out
}

// Named returns copies of as (see [Wrap]) whose diagnostics' messages end
// with the analyzer's name in brackets, "message [analyzer]", for the
// drivers that print a message without its analyzer: go vet, gopls check.
func Named(as []*analysis.Analyzer) []*analysis.Analyzer {
	return Wrap(as, func(a *analysis.Analyzer, pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			d.Message += " [" + a.Name + "]"
			report(d)
		}
		return a.Run(pass)
	})
}
