package flow_test

import (
	"go/constant"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

const pathsSrc = `package p

import "os"

type answer struct{ Kind string }

type wrapped struct{ answer }

func ask() (*wrapped, error) { return nil, nil }

func act()            {}
func die()            { os.Exit(1) }
func mustNot(b bool)  { if b { panic("no") } }
func yes(a *wrapped) bool { return a != nil && a.Kind == "yes" }

// viaHelper: the helper decides; a nil answer goes on.
func viaHelper() int {
	a, _ := ask()
	if a != nil && !yes(a) {
		return 1
	}
	act()
	return 0
}

// viaPhi: the value the path sets, read after the join.
func viaPhi() int {
	k := ""
	a, err := ask()
	if err == nil {
		k = a.Kind
	}
	switch k {
	case "no":
		return 1
	}
	act()
	return 0
}

type state struct{ ok bool }

// viaField: a field stored on the path, loaded after the join.
func (s *state) viaField() int {
	a, err := ask()
	if err != nil {
		s.ok = true
	} else {
		s.ok = a.Kind == "yes"
	}
	if !s.ok {
		return 1
	}
	act()
	return 0
}

// deferred: with a defer, the results go through their slots, and a
// slot that holds a nil answer is no nil dereference.
func deferred() (int, *wrapped) {
	a, _ := ask()
	defer act()
	if a == nil {
		return 1, a
	}
	return 0, a
}

// asBool: a form field's value asserted to a boolean.
func asBool(x any) (bool, bool) {
	v, ok := x.(bool)
	return v, ok
}

// ended: a failure ends the process.
func ended() int {
	a, err := ask()
	if err != nil {
		die()
	}
	mustNot(a.Kind == "no")
	act()
	return 0
}
`

// bindings returns the values of ask's results for an answer of kind
// (or a failure, for "").
func bindings(fn *ssa.Function, kind string) map[ssa.Value]flow.Val {
	call := firstCall(fn).(*ssa.Call)
	m := make(map[ssa.Value]flow.Val)
	for _, r := range *call.Referrers() {
		e, ok := r.(*ssa.Extract)
		if !ok {
			continue
		}
		switch {
		case e.Index == 0 && kind == "":
			m[e] = flow.Nil
		case e.Index == 0:
			m[e] = flow.Val{Kind: flow.NonNil, Field: "Kind", FieldVal: constant.MakeString(kind)}
		case kind == "":
			m[e] = flow.Val{Kind: flow.NonNil}
		default:
			m[e] = flow.Nil
		}
	}
	return m
}

// pathReturns lists the constants fn returns on the paths of kind.
func pathReturns(t *testing.T, p *flow.Paths, fn *ssa.Function, kind string) (rets []string, via string) {
	t.Helper()
	r := p.From(firstCall(fn), bindings(fn, kind))
	if !r.Complete {
		t.Fatalf("%s: the walk gave up", fn.Name())
	}
	for _, ret := range r.Returns {
		rets = append(rets, ret.Results[0].String())
		if ret.Via != "" {
			via = ret.Via
		}
	}
	slices.Sort(rets)
	return rets, via
}

// exitHooks tell the paths that os.Exit never returns, as an analyzer's
// knowledge does.
var exitHooks = flow.Hooks{Call: func(call *ssa.CallCommon, args []flow.Val, _ func(ssa.Value) flow.Val) (flow.CallResult, bool) {
	if fn := call.StaticCallee(); fn != nil && fn.String() == "os.Exit" {
		return flow.CallResult{NoReturn: true}, true
	}
	return flow.CallResult{}, false
}}

func TestPaths(t *testing.T) {
	g, funcs := buildSrc(t, pathsSrc)
	p := flow.NewPaths(g.Prog.Pkg.Pkg, exitHooks)
	for _, tc := range []struct {
		fn, kind, want, via string
	}{
		{"viaHelper", "yes", "0", "p.yes"},
		{"viaHelper", "no", "1", "p.yes"},
		{"viaHelper", "", "0", ""},
		{"viaPhi", "no", "1", ""},
		{"viaPhi", "yes", "0", ""},
		{"viaPhi", "", "0", ""},
		{"(*state).viaField", "no", "1", ""},
		{"(*state).viaField", "yes", "0", ""},
		{"(*state).viaField", "", "0", ""},
		{"deferred", "", "1", ""},
		{"deferred", "yes", "0", ""},
		{"ended", "yes", "0", ""},
		{"ended", "no", "", ""},
		{"ended", "", "", ""},
	} {
		got, via := pathReturns(t, p, funcs[tc.fn], tc.kind)
		if strings.Join(got, ",") != tc.want || via != tc.via {
			t.Errorf("%s on %q: returns %v (via %q), want %s (via %q)", tc.fn, tc.kind, got, via, tc.want, tc.via)
		}
	}
}

func TestPathsSummary(t *testing.T) {
	g, funcs := buildSrc(t, pathsSrc)
	p := flow.NewPaths(g.Prog.Pkg.Pkg, exitHooks)
	if s := p.Summary(funcs["die"], nil, 0); !s.NoReturn {
		t.Error("die: a function that calls os.Exit returns, want it never to")
	}
	if s := p.Summary(funcs["act"], nil, 0); s.NoReturn {
		t.Error("act never returns, want it to")
	}
	if s := p.Summary(funcs["mustNot"], []flow.Val{flow.Bool(true)}, 0); !s.NoReturn {
		t.Error("mustNot(true) returns, want it to panic")
	}
	if s := p.Summary(funcs["mustNot"], []flow.Val{{}}, 0); s.NoReturn {
		t.Error("mustNot(unknown) never returns, want it to")
	}
}

// TestPathsAssertion checks what a type assertion of a known value gives:
// a boolean constant is a bool, and a string constant, or a nil
// interface, fails it with the type's zero value.
func TestPathsAssertion(t *testing.T) {
	g, funcs := buildSrc(t, pathsSrc)
	p := flow.NewPaths(g.Prog.Pkg.Pkg, exitHooks)
	for _, tc := range []struct {
		arg       flow.Val
		value, ok string
	}{
		{flow.Bool(false), "false", "true"},
		{flow.Bool(true), "true", "true"},
		{flow.Nil, "false", "false"},
		{flow.Val{Kind: flow.Known, Const: constant.MakeString("yes")}, "false", "false"},
		{flow.Val{}, "?", "?"},
	} {
		s := p.Summary(funcs["asBool"], []flow.Val{tc.arg}, 0)
		if len(s.Results) != 2 || s.Results[0].String() != tc.value || s.Results[1].String() != tc.ok {
			t.Errorf("asBool(%v) = %v, want %s, %s", tc.arg, s.Results, tc.value, tc.ok)
		}
	}
}
