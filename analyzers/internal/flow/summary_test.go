package flow_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

const exactSrc = `package p

type R interface{ Run() int }

type impl struct{}

func (impl) Run() int { return sink() }

type holder struct{ f func() int }

func fill(x *holder) { x.f = sink }

func sink() int { return 0 }

func viaIface(r R) int { return r.Run() }

func viaField(x *holder) int { return x.f() }

func viaLocal() int {
	f := sink
	return f()
}

func marked() int { return 1 }

func callsMarked() int { return marked() }

func withLiteral() int {
	g := func() int { return sink() }
	_ = g
	return 0
}
`

// ExactCallees and Reacher's Exact, Own and Inner.
func TestReacherExactOwnInner(t *testing.T) {
	g, funcs := buildSrc(t, exactSrc)
	for _, tc := range []struct {
		fn         string
		all, exact []string
	}{
		{"viaIface", []string{"Run", "abstract Run"}, []string{"abstract Run"}},
		{"viaField", []string{"sink"}, nil},
		{"viaLocal", []string{"sink"}, []string{"sink"}},
	} {
		all, _ := g.CalleesOf(lastCall(funcs[tc.fn]))
		exact := g.ExactCallees(lastCall(funcs[tc.fn]).Common())
		if !slices.Equal(names(all), tc.all) || !slices.Equal(names(exact), tc.exact) {
			t.Errorf("%s: callees %v, exact %v; want %v, %v", tc.fn, names(all), names(exact), tc.all, tc.exact)
		}
	}
	reached := func(r *flow.Reacher) []string {
		var out []string
		for fn, s := range r.Summaries() {
			out = append(out, fn.Name()+":"+s.Sink)
		}
		slices.Sort(out)
		return out
	}
	sink := func(_ ssa.CallInstruction, c flow.Callee) (string, bool) {
		return "sink", c.Func != nil && c.Func.Name() == "sink"
	}
	loose := &flow.Reacher{Graph: g, Sink: sink}
	if got, want := reached(loose), []string{"Run:sink", "viaField:sink", "viaIface:sink", "viaLocal:sink", "withLiteral$1:sink"}; !slices.Equal(got, want) {
		t.Errorf("Reacher: %v, want %v", got, want)
	}
	exact := &flow.Reacher{
		Graph: g, Sink: sink, Exact: true,
		Own:   func(fn *ssa.Function) (string, bool) { return "own", fn.Name() == "marked" },
		Inner: func(lit *ssa.Function) bool { return true },
	}
	if got, want := reached(exact), []string{"Run:sink", "callsMarked:own", "marked:own", "viaLocal:sink", "withLiteral$1:sink", "withLiteral:sink"}; !slices.Equal(got, want) {
		t.Errorf("Reacher with Exact, Own, Inner: %v, want %v", got, want)
	}
}
