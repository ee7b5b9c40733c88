package suppress

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/askcaps"
	"github.com/mcplint/mcplint/analyzers/askstable"
	"github.com/mcplint/mcplint/analyzers/elicitbase"
	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	directives "github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/analyzers/resolvegraph"
	"github.com/mcplint/mcplint/analyzers/resolvemix"
	"github.com/mcplint/mcplint/analyzers/resolvepure"
	"github.com/mcplint/mcplint/analyzers/statereach"
	"github.com/mcplint/mcplint/analyzers/syncask"
	"github.com/mcplint/mcplint/analyzers/toolschema"
)

// Checked returns the analyzers whose directives suppress checks: the
// other analyzers of mcplint, in the order of analyzers.All (which is
// Checked and suppress). Each call returns a new slice.
func Checked() []*analysis.Analyzer {
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
		askcaps.Analyzer,
	}
}

// Analyzer reports malformed and unused suppression directives. It
// requires the analyzers whose directives it checks, so that it runs
// after them and learns what each directive suppressed.
var Analyzer = check.New("suppress", doc, check.Spec{
	Requires: Checked(),
	Run:      run,
})

// unused is the flag -suppress.unused.
var unused bool

func init() {
	Analyzer.Flags.BoolVar(&unused, "unused", false, "also report the directives that suppress nothing in this run")
}

func run(pass *analysis.Pass) (any, error) {
	parsed := pass.ResultOf[directives.Analyzer].(*directives.Parsed)
	rep := directives.New(pass)
	for _, d := range parsed.Directives().All {
		report := func(format string, args ...any) {
			rep.Report(analysis.Diagnostic{Pos: d.Comment.Pos(), End: d.Comment.End(), Category: directives.Category, Message: fmt.Sprintf(format, args...)})
		}
		if len(d.Names) == 0 {
			report("mcplint:ignore directive names no analyzer; write %s <analyzer> <reason>", directives.Prefix)
			continue
		}
		var idle []string
		for _, name := range d.Names {
			switch {
			case !check.Known(name):
				report("mcplint:ignore directive names unknown analyzer %q; known analyzers: %s", name, strings.Join(check.Names(), ", "))
			case unused && d.Reason != "" && name != pass.Analyzer.Name && !parsed.Suppressed(d.Comment, name):
				idle = append(idle, name)
			}
		}
		if len(idle) > 0 {
			report("mcplint:ignore directive for %s suppresses nothing: %s no finding here; remove it, or the %s",
				strings.Join(idle, ","), plural(len(idle), "the analyzer has", "the analyzers have"), plural(len(idle), "name", "names"))
		}
	}
	return nil, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
