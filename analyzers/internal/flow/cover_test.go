package flow_test

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

const coverSrc = `package p

func mark(int) {}

func f(v string) {
	switch v {
	case "a", "b":
		mark(1) // both cases: covered by the two "true" edges together
	}
	if v == "a" {
		mark(2) // covered by one edge
	}
	mark(3) // after the join: not covered
}
`

// TestCovered checks that a set of edges covers the blocks every path
// reaches through one of them, and only those.
func TestCovered(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", coverSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	testenv.UseGOROOT(t)
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	prog := ssabuild.Build(fset, pkg, []*ast.File{file}, info)
	var fn *ssa.Function
	for _, f := range prog.Funcs {
		if f.Name() == "f" {
			fn = f
		}
	}
	// The taken edges: the true edge of every comparison v == const.
	taken := func(e flow.Edge) bool {
		ifs, ok := e.From.Instrs[len(e.From.Instrs)-1].(*ssa.If)
		if !ok || e.From.Succs[0] != e.To {
			return false
		}
		b, ok := ifs.Cond.(*ssa.BinOp)
		return ok && b.Op == token.EQL
	}
	covered := flow.Covered(fn, taken)
	got := map[int64]bool{}
	flow.Instrs(fn, func(instr ssa.Instruction) {
		call, ok := instr.(*ssa.Call)
		if !ok {
			return
		}
		if k, ok := call.Call.Args[0].(*ssa.Const); ok {
			n, _ := constant.Int64Val(k.Value)
			got[n] = covered[call.Block().Index]
		}
	})
	want := map[int64]bool{1: true, 2: true, 3: false}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("mark(%d): covered = %v, want %v", n, got[n], w)
		}
	}
	if covered[0] {
		t.Error("the entry block is covered")
	}
}
