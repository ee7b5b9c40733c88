package mcptest_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/mcptest/internal/kit"
)

// failopen's outcome table (analyzers/failopen/outcomes_test.go) states,
// for each one-checkbox confirmation of testdata/src/failopen/outcomes,
// the outcomes under which it reaches its effect, and whether the
// analyzer misses it. The kit runs those confirmations and checks each
// row's statement: the outcomes whose failopen scenario took the effect
// are the row's, besides the confirming one. The table is read from the
// test file, which another package owns, by its syntax: a row is a
// composite literal with the fields pkg, fn, reach and missed.

// outcomesTable is the test file that holds the table, from this package.
var outcomesTable = filepath.Join("..", "analyzers", "failopen", "outcomes_test.go")

// row is one row of the outcome table.
type row struct {
	pkg, fn string
	reach   []string // the table's outcome names: ticked, unticked, ...
	missed  bool
}

// kitOutcomes maps each outcome of the table but the confirming one
// (ticked) to the kit's outcomes that stand for it: "no answer" is a
// retry without one, with the confirming answer under another key, or
// with an answer of another kind.
var kitOutcomes = map[string][]kit.Outcome{
	"unticked":  {kit.Unticked},
	"noField":   {kit.Missing},
	"declined":  {kit.Decline},
	"cancelled": {kit.Cancel},
	"noAnswer":  {kit.NoAnswer, kit.AnotherKey, kit.OtherKind},
	"failed":    {kit.Failure},
}

// readOutcomeTable parses the table: the variable shapes, a slice of
// composite literals.
func readOutcomeTable() ([]row, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, outcomesTable, nil, 0)
	if err != nil {
		return nil, err
	}
	var rows []row
	var bad error
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "shapes" || len(vs.Values) != 1 {
			return true
		}
		list, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok {
			bad = fmt.Errorf("%s: shapes is not a composite literal", outcomesTable)
			return false
		}
		for _, elt := range list.Elts {
			lit, ok := elt.(*ast.CompositeLit)
			if !ok {
				bad = fmt.Errorf("%s: a row of shapes is not a composite literal", fset.Position(elt.Pos()))
				return false
			}
			var r row
			for _, field := range lit.Elts {
				kv, ok := field.(*ast.KeyValueExpr)
				key, _ := kv.Key.(*ast.Ident)
				if !ok || key == nil {
					bad = fmt.Errorf("%s: a row's field is not key: value", fset.Position(field.Pos()))
					return false
				}
				switch key.Name {
				case "pkg", "fn":
					lit, ok := kv.Value.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						bad = fmt.Errorf("%s: %s is not a string", fset.Position(kv.Pos()), key.Name)
						return false
					}
					v, _ := strconv.Unquote(lit.Value)
					if key.Name == "pkg" {
						r.pkg = v
					} else {
						r.fn = v
					}
				case "reach":
					outs, ok := kv.Value.(*ast.CompositeLit)
					if !ok {
						bad = fmt.Errorf("%s: reach is not a list", fset.Position(kv.Pos()))
						return false
					}
					for _, o := range outs.Elts {
						id, ok := o.(*ast.Ident)
						if !ok {
							bad = fmt.Errorf("%s: an outcome is not a name", fset.Position(o.Pos()))
							return false
						}
						r.reach = append(r.reach, id.Name)
					}
				case "missed":
					id, ok := kv.Value.(*ast.Ident)
					r.missed = ok && id.Name == "true"
				}
			}
			rows = append(rows, r)
		}
		return false
	})
	if bad == nil && len(rows) == 0 {
		bad = fmt.Errorf("%s: no outcome table (var shapes)", outcomesTable)
	}
	return rows, bad
}

// reachedAtRunTime lists, in the table's names, the outcomes whose
// failopen scenario took the effect: a scenario is "<outcome> to question
// ..." or "2025-11-25 session: <outcome> to server-to-client request ...".
func reachedAtRunTime(scenarios []string) []string {
	var out []string
	for _, sc := range scenarios {
		sc = strings.TrimPrefix(sc, "2025-11-25 session: ")
		o, _, ok := strings.Cut(sc, " to question ")
		if !ok {
			o, _, _ = strings.Cut(sc, " to server-to-client request ")
		}
		for name, kos := range kitOutcomes {
			if slices.Contains(kos, kit.Outcome(o)) && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// stated is a row's outcomes that reach the effect but the confirming
// one, sorted.
func (r row) stated() []string {
	var out []string
	for _, o := range r.reach {
		if o != "ticked" {
			out = append(out, o)
		}
	}
	sort.Strings(out)
	return out
}
