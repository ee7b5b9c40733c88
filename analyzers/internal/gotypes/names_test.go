package gotypes

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/mcplint/mcplint/internal/rules"
)

// TestTypeStringInKeepsAny checks that any prints as "any" however it is
// reached (directly, through an alias of it, inside a composite type or a
// type argument), with the Go that built the test: go/types prints the
// empty interface itself as "interface{}" from Go 1.27 on, and a message
// (part of a baseline's key) must not change with the Go that built
// mcplint (gopls v0.24.0 is built with Go 1.27).
func TestTypeStringInKeepsAny(t *testing.T) {
	const src = `package p

type AnyAlias = any
type Box[T any] struct{ v T }
type BoxAlias[T any] = Box[T]

var (
	a  any
	b  AnyAlias
	c  map[string]any
	d  []AnyAlias
	e  Box[any]
	f  BoxAlias[AnyAlias]
	g  *interface{ M() }
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"a": "any",
		"b": "any",
		"c": "map[string]any",
		"d": "[]any",
		"e": "p.Box[any]",
		"f": "p.Box[any]",
		"g": "*interface{M()}",
	} {
		if got := TypeStringIn(rules.GoSDK, pkg.Scope().Lookup(name).Type()); got != want {
			t.Errorf("TypeStringIn(%s) = %q, want %q", name, got, want)
		}
	}
}
