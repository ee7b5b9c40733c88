package flow_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

const src = `package p

import "errors"

type Runner interface{ Run() int }

type fast struct{}

func (fast) Run() int { return 1 }

type slow struct{}

func (*slow) Run() int { return 2 }

func sink() int { return 0 }

func helper() int { return sink() }

func viaIface(r Runner) int { return r.Run() }

var hook = helper

func viaGlobal() int { return hook() }

func viaLocal(b bool) int {
	f := sink
	if b {
		f = helper
	}
	return f()
}

func viaClosure() int {
	g := func() int { return helper() }
	return g()
}

func viaParam(f func() int) int { return f() }

type later struct{}

func (later) Sink() int { return sink() }

func viaMethodValue(l later) int {
	f := l.Sink
	return f()
}

// apply does not call f; a Runs hook says that it does.
func apply(f func() int) int { return 0 }

func viaRuns() int { return apply(helper) }

func loop(n int) int {
	x := 0
	for i := 0; i < n; i++ {
		x += i
	}
	return x
}

func identity(s string) (string, error) { return s, nil }

func check(s string) error {
	if s == "" {
		return errors.New("empty")
	}
	return nil
}

func verify(s string) string {
	t, _ := identity(s)
	if err := check(t); err != nil {
		return "bad"
	}
	return t
}
`

func build(t *testing.T) (*flow.Graph, map[string]*ssa.Function) {
	t.Helper()
	return buildSrc(t, src)
}

func buildSrc(t *testing.T, src string) (*flow.Graph, map[string]*ssa.Function) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	testenv.UseGOROOT(t)
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	prog := ssabuild.Build(fset, pkg, []*ast.File{f}, info)
	funcs := make(map[string]*ssa.Function)
	for _, fn := range prog.Funcs {
		funcs[fn.RelString(pkg)] = fn
	}
	return flow.New(prog), funcs
}

func firstCall(fn *ssa.Function) ssa.CallInstruction {
	var out ssa.CallInstruction
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if c, ok := instr.(ssa.CallInstruction); ok && out == nil {
			out = c
		}
	})
	return out
}

func lastCall(fn *ssa.Function) ssa.CallInstruction {
	var out ssa.CallInstruction
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if c, ok := instr.(ssa.CallInstruction); ok {
			out = c
		}
	})
	return out
}

func names(cs []flow.Callee) []string {
	var out []string
	for _, c := range cs {
		switch {
		case c.Func != nil:
			out = append(out, c.Func.Name())
		case c.Obj != nil:
			out = append(out, "abstract "+c.Obj.Name())
		}
	}
	sort.Strings(out)
	return out
}

func TestCallees(t *testing.T) {
	g, funcs := build(t)
	for _, tc := range []struct {
		fn       string
		want     []string
		complete bool
	}{
		{"helper", []string{"sink"}, true},
		{"viaIface", []string{"Run", "Run", "abstract Run"}, false},
		{"viaGlobal", []string{"helper"}, true},
		{"viaLocal", []string{"helper", "sink"}, true},
		{"viaClosure", []string{"viaClosure$1"}, true},
		{"viaParam", nil, false},
		{"viaMethodValue", []string{"Sink"}, true},
	} {
		got, complete := g.CalleesOf(lastCall(funcs[tc.fn]))
		if !slices.Equal(names(got), tc.want) || complete != tc.complete {
			t.Errorf("%s: callees %v, complete %v; want %v, %v", tc.fn, names(got), complete, tc.want, tc.complete)
		}
	}
}

func TestReacher(t *testing.T) {
	g, funcs := build(t)
	r := &flow.Reacher{
		Graph: g,
		Sink: func(_ ssa.CallInstruction, c flow.Callee) (string, bool) {
			return "the sink", c.Func != nil && c.Func.Name() == "sink"
		},
		Name: func(fn *ssa.Function) string { return fn.Name() },
		Runs: func(site ssa.CallInstruction) []*ssa.Function {
			if fn := site.Common().StaticCallee(); fn != nil && fn.Name() == "apply" {
				if f, ok := site.Common().Args[0].(*ssa.Function); ok {
					return []*ssa.Function{f}
				}
			}
			return nil
		},
	}
	for name, want := range map[string][]string{
		"helper":         nil,
		"viaGlobal":      {"helper"},
		"viaClosure":     {"viaClosure$1", "helper"},
		"viaLocal":       nil, // sink itself is one of the callees
		"viaMethodValue": {"Sink"},
		"viaRuns":        {"helper"},
	} {
		s, ok := r.Func(funcs[name])
		if !ok || s.Sink != "the sink" || !slices.Equal(s.Via, want) {
			t.Errorf("%s: reach %+v, %v; want via %v", name, s, ok, want)
		}
	}
	for _, name := range []string{"viaParam", "identity", "sink", "apply"} {
		if s, ok := r.Func(funcs[name]); ok {
			t.Errorf("%s reaches %+v, want nothing", name, s)
		}
	}
	// Skipping the literal that viaClosure calls leaves nothing to reach.
	fn := funcs["viaClosure"]
	if s, ok := r.CallSkipping(lastCall(fn), func(f *ssa.Function) bool { return f.Parent() == fn }); ok {
		t.Errorf("viaClosure without its literal reaches %+v, want nothing", s)
	}
	if _, ok := r.Call(lastCall(fn)); !ok {
		t.Error("viaClosure's call of its literal reaches nothing")
	}
	var exported []string
	r.Export(func(fn *types.Func, s flow.Reach) { exported = append(exported, fn.Name()+":"+s.Via[0]) })
	sort.Strings(exported)
	if want := []string{"Sink:Sink", "helper:helper", "viaClosure:viaClosure", "viaGlobal:viaGlobal", "viaLocal:viaLocal", "viaMethodValue:viaMethodValue", "viaRuns:viaRuns"}; !slices.Equal(exported, want) {
		t.Errorf("exported %v, want %v", exported, want)
	}
}

func TestTaintAndOutcomes(t *testing.T) {
	g, funcs := build(t)
	fn := funcs["verify"]
	taint := flow.NewTaint[string](g)
	taint.Seed(fn.Params[0], "s")
	// t, the first result of identity(s), carries s; its error does not.
	id := firstCall(fn).(*ssa.Call)
	var carried, errCarried bool
	for _, r := range *id.Referrers() {
		if e, ok := r.(*ssa.Extract); ok {
			_, tainted := taint.Of(e)
			if e.Index == 0 {
				carried = tainted
			} else {
				errCarried = tainted
			}
		}
	}
	if !carried || errCarried {
		t.Errorf("identity's results: value tainted %v, error tainted %v; want true, false", carried, errCarried)
	}

	chk := lastCall(fn).(*ssa.Call)
	if chk.Call.StaticCallee().Name() != "check" {
		chk = nil
		flow.Instrs(fn, func(instr ssa.Instruction) {
			if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "check" {
				chk = c
			}
		})
	}
	ok, failed, checks := flow.Outcomes(chk)
	if !checks || len(ok) != 1 || len(failed) != 1 {
		t.Fatalf("Outcomes(check) = %v, %v, %v", ok, failed, checks)
	}
	// The return of t is on the success edge; the return of "bad" on the failure edge.
	var good, bad *ssa.BasicBlock
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if ret, isRet := instr.(*ssa.Return); isRet {
			if c, isConst := ret.Results[0].(*ssa.Const); isConst && c.Value != nil {
				bad = ret.Block()
			} else {
				good = ret.Block()
			}
		}
	})
	if !flow.EdgeDominates(ok[0], good) || flow.EdgeDominates(ok[0], bad) || !flow.EdgeDominates(failed[0], bad) {
		t.Errorf("success edge %v, failure edge %v do not separate the returns", ok[0], failed[0])
	}
	ifs := failed[0].From.Instrs[len(failed[0].From.Instrs)-1].(*ssa.If)
	if i, found := flow.EdgeOf(ifs, bad); !found || failed[0].To != ifs.Block().Succs[i] {
		t.Errorf("EdgeOf(bad) = %d, %v", i, found)
	}
	if _, found := flow.EdgeOf(ifs, fn.Blocks[0]); found {
		t.Errorf("the entry block is on an edge of a later branch")
	}
	// Every path from the entry passes the call of check: it post-dominates the entry.
	if !g.PostDominates(chk.Block(), fn.Blocks[0]) || g.PostDominates(bad, fn.Blocks[0]) {
		t.Errorf("post-dominance: check's block %v, bad's block %v", g.PostDominates(chk.Block(), fn.Blocks[0]), g.PostDominates(bad, fn.Blocks[0]))
	}
	if p, q := flow.PointOf(id), flow.PointOf(chk); !p.Dominates(q) || q.Dominates(p) {
		t.Errorf("identity's call should dominate check's")
	}
}

func TestOrigins(t *testing.T) {
	g, funcs := build(t)
	call := lastCall(funcs["viaLocal"])
	var got []string
	for _, o := range g.Origins(call.Common().Value) {
		got = append(got, o.Name())
	}
	sort.Strings(got)
	if want := []string{"helper", "sink"}; !slices.Equal(got, want) {
		t.Errorf("Origins(f) = %v, want %v", got, want)
	}
	p := funcs["viaParam"].Params[0]
	if o := g.Origins(p); len(o) != 1 || o[0] != p {
		t.Errorf("a parameter is its own origin, got %v", o)
	}
}

const storesSrc = `package p

type holder struct {
	Name string
	n    int
}

var global int

func fill(h *holder, s string) {
	h.Name = s
	h.n = 1
	global = 2
}

func other() *holder {
	h := &holder{Name: "x"}
	global = 3
	return h
}

func captured() func() string {
	v := "a"
	v = "b"
	return func() string { return v }
}
`

func TestStores(t *testing.T) {
	g, funcs := buildSrc(t, storesSrc)
	var name, global ssa.Value
	flow.Instrs(funcs["fill"], func(instr ssa.Instruction) {
		if st, ok := instr.(*ssa.Store); ok {
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && name == nil {
				name = fa
			}
			if gl, ok := st.Addr.(*ssa.Global); ok {
				global = gl
			}
		}
	})
	consts := func(stores []flow.Store) []string {
		var out []string
		for _, s := range stores {
			out = append(out, s.Val.String()+" in "+s.At.Parent().Name())
		}
		sort.Strings(out)
		return out
	}
	// The exported field Name is stored by both functions: every store
	// into that field of any holder.
	if got, want := consts(g.Stores(name)), []string{"\"x\":string in other", "parameter s : string in fill"}; !slices.Equal(got, want) {
		t.Errorf("Stores(h.Name) = %v, want %v", got, want)
	}
	if got, want := consts(g.Stores(global)), []string{"2:int in fill", "3:int in other"}; !slices.Equal(got, want) {
		t.Errorf("Stores(global) = %v, want %v", got, want)
	}
	if f := flow.Field(name.Type(), 0); f != nil {
		t.Errorf("Field of a non-pointer = %v, want nil", f)
	}
	if f := flow.Field(name.(*ssa.FieldAddr).X.Type(), 1); f == nil || f.Name() != "n" {
		t.Errorf("Field(*holder, 1) = %v, want n", f)
	}
	// The literal's captured v: bound where its closure is made, to the
	// variable whose stores are "a" then "b".
	lit := funcs["captured$1"]
	mc, b := g.Binding(lit.FreeVars[0])
	if mc == nil || mc.Parent() != funcs["captured"] {
		t.Fatalf("Binding(v) = %v, %v", mc, b)
	}
	if got, want := consts(g.Stores(b)), []string{"\"a\":string in captured", "\"b\":string in captured"}; !slices.Equal(got, want) {
		t.Errorf("Stores(v) = %v, want %v", got, want)
	}
}

func TestFixpoint(t *testing.T) {
	// c calls b calls a; a has the fact.
	calls := map[string]string{"b": "a", "c": "b"}
	got := flow.Fixpoint([]string{"c", "b", "a", "d"}, func(k string, known map[string]int) (int, bool) {
		if k == "a" {
			return 1, true
		}
		v, ok := known[calls[k]]
		return v + 1, ok
	})
	if len(got) != 3 || got["a"] != 1 || got["b"] != 2 || got["c"] != 3 {
		t.Errorf("Fixpoint = %v", got)
	}
}

func TestFold(t *testing.T) {
	_, funcs := build(t)
	fn := funcs["loop"]
	// Does a value depend on the parameter n? The phi nodes of the loop
	// form a cycle, which counts as false where it closes.
	computed := 0
	var fold flow.Fold[bool]
	fold.Compute = func(v ssa.Value) bool {
		computed++
		if _, ok := v.(*ssa.Parameter); ok {
			return true
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		dep := false
		for _, op := range flow.Operands(instr) {
			dep = fold.Of(op) || dep
		}
		return dep
	}
	var ret *ssa.Return
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if r, ok := instr.(*ssa.Return); ok {
			ret = r
		}
	})
	// x depends on i only, and i on constants: not on n, although the
	// loop's condition compares i with n.
	if fold.Of(ret.Results[0]) {
		t.Errorf("x depends on n")
	}
	n := computed
	fold.Of(ret.Results[0])
	if computed != n {
		t.Errorf("a value was computed twice")
	}
	fold.Reset()
	fold.Of(ret.Results[0])
	if computed == n {
		t.Errorf("Reset kept the computed values")
	}
}

// A callee of another package reaches a sink through its fact (Import),
// which already names it; the summary passes on to the callers.
func TestReacherImport(t *testing.T) {
	g, funcs := build(t)
	r := &flow.Reacher{
		Graph: g,
		Import: func(fn *types.Func) (flow.Reach, bool) {
			if fn.Pkg().Path() == "errors" && fn.Name() == "New" {
				return flow.Reach{Sink: "a new error", Via: []string{"errors.New"}}, true
			}
			return flow.Reach{}, false
		},
		Name: func(fn *ssa.Function) string { return fn.Name() },
	}
	if s, ok := r.Func(funcs["check"]); !ok || s.Sink != "a new error" || !slices.Equal(s.Via, []string{"errors.New"}) {
		t.Errorf("check: %+v, %v", s, ok)
	}
	if s, ok := r.Func(funcs["verify"]); !ok || !slices.Equal(s.Via, []string{"check", "errors.New"}) {
		t.Errorf("verify: %+v, %v", s, ok)
	}
	skip := &flow.Reacher{Graph: g, Import: r.Import, Skip: func(ssa.CallInstruction) bool { return true }}
	if s, ok := skip.Func(funcs["check"]); ok {
		t.Errorf("with every call skipped, check reaches %+v", s)
	}
}

// IsNilConst is true of nil, converted or not, and of nothing else: a
// zero struct is a constant with no value, but not nil.
func TestIsNilConst(t *testing.T) {
	_, funcs := buildSrc(t, `package p

type point struct{ x, y int }

func use(...any) {}

func f() {
	var e error
	var p *point
	use(e == nil, p == nil, point{} == point{}, error(nil), any((*point)(nil)), point{}, 0, "")
}
`)
	var got []bool
	flow.Instrs(funcs["f"], func(instr ssa.Instruction) {
		switch x := instr.(type) {
		case *ssa.BinOp:
			got = append(got, flow.IsNilConst(x.Y))
		case *ssa.Store:
			got = append(got, flow.IsNilConst(x.Val))
		}
	})
	// e == nil, p == nil, point{} == point{}; then the stores into the
	// variadic slice: the three comparisons, error(nil), any((*point)(nil)),
	// point{}, 0, "".
	want := []bool{true, true, false, false, false, false, true, true, false, false, false}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("IsNilConst: got %v, want %v", got, want)
	}
}
