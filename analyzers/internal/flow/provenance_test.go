package flow_test

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

const provSrc = `package p

import "strings"

type box struct{ v string }

type Named struct{ V string }

var g string

func srcA() string { return "a" }
func srcB() string { return "b" }

func pass(s string) string { return s }

func rec(n int, s string) string {
	if n == 0 {
		return s
	}
	return rec(n-1, s)
}

func viaPhi(b bool) string {
	s := srcA()
	if b {
		s = srcB()
	}
	return s
}

func viaCall() string { return pass(srcA()) }

func viaRec() string { return rec(3, srcB()) }

func viaParam(x int, s string) string { return s }

func viaAssert(v any) string { return v.(string) }

func viaIface() any { return any(srcA()) }

func store(s string) { g = s }

func caller1() { store(srcA()) }

func caller2() { store(srcB()) }

func readG() string { return g }

func fill(b *box) { b.v = srcA() }

func readBox(b *box) string { return b.v }

func readNamed(n *Named) string { return n.V }

func captured() func() string {
	s := srcB()
	return func() string { return s }
}

func capturedParam(s string) func() string {
	return func() string { return s }
}

func useCaptured() { capturedParam(srcA()) }

func capturedDeep(s string) func() string { return capturedParam(s) }

func useDeep() { capturedDeep(srcB()) }

var g2 string

func store2(s string) { g2 = s }

func relay(s string) { store2(s) }

func relayCaller() { relay(srcA()) }

func readG2() string { return g2 }

var g3 string

func ping(n int, s string) {
	g3 = s
	if n > 0 {
		pong(n-1, s)
	}
}

func pong(n int, s string) { ping(n, s) }

func startPing() { ping(2, srcB()) }

func readG3() string { return g3 }

func relayExported(s string) { store3(s) }

var g4 string

func store3(s string) { g4 = s }

func RelayExported(s string) { relayExported(s) }

func readG4() string { return g4 }

func ext() string { return strings.ToUpper("x") }

var exported string

func Exported(s string) { exported = s }

func readExported() string { return exported }

var hook = helper

func helper() {}

func unused() {}
`

// join is the Join of the tests' property: the sorted names of the
// sources a value comes from, comma-separated.
func join(a, b string) string {
	var s []string
	for _, x := range append(strings.Split(a, ","), strings.Split(b, ",")...) {
		if x != "" && !slices.Contains(s, x) {
			s = append(s, x)
		}
	}
	slices.Sort(s)
	return strings.Join(s, ",")
}

func returned(fn *ssa.Function) ssa.Value {
	var out ssa.Value
	flow.Instrs(fn, func(instr ssa.Instruction) {
		if r, ok := instr.(*ssa.Return); ok && len(r.Results) > 0 {
			out = r.Results[0]
		}
	})
	return out
}

func TestProvenance(t *testing.T) {
	g, funcs := buildSrc(t, provSrc)
	var skipCaller, skipStoreIn string
	rules := flow.ProvenanceRules[string]{
		Join: join,
		Source: func(v ssa.Value) (string, bool) {
			if c, ok := v.(*ssa.Call); ok {
				if fn := c.Call.StaticCallee(); fn != nil && strings.HasPrefix(fn.Name(), "src") {
					return strings.TrimPrefix(fn.Name(), "src"), true
				}
			}
			return "", false
		},
		Place: func(v *types.Var) (string, bool) {
			if v.Name() == "V" {
				return "field V", true
			}
			return "", false
		},
		Outside: func(call *ssa.Call) string { return "outside" },
		Store:   func(s flow.Store) bool { return s.At.Parent().Name() != skipStoreIn },
		Caller:  func(c flow.Call) bool { return c.Caller.Name() != skipCaller },
		Unseen:  func(fn *ssa.Function) string { return "unseen " + fn.Name() },
	}
	for _, tc := range []struct {
		fn, skipCaller, skipStoreIn string
		want                        string
		params                      uint64
	}{
		{fn: "viaPhi", want: "A,B"},
		{fn: "viaCall", want: "A"},       // pass returns its parameter: the argument
		{fn: "viaRec", want: "B"},        // the recursion adds nothing
		{fn: "viaParam", params: 1 << 1}, // the callers decide
		{fn: "viaAssert", params: 1},     // through the assertion
		{fn: "viaIface", want: "A"},      // through the conversion
		{fn: "readG", want: "A,B"},       // store's parameter, by its callers
		{fn: "readG", skipCaller: "caller2", want: "A"},
		{fn: "readBox", want: "A"},
		{fn: "readBox", skipStoreIn: "fill"},
		{fn: "readNamed", want: "field V"},   // the analyzer decides the field
		{fn: "captured$1", want: "B"},        // bound where the closure is made
		{fn: "capturedParam$1", want: "A,B"}, // ... a parameter there, by its callers, and theirs
		{fn: "capturedParam$1", skipCaller: "capturedDeep", want: "A"},
		{fn: "readG2", want: "A"},                    // two levels up from the store
		{fn: "readG2", skipCaller: "relayCaller"},    // ... whose only caller does not count
		{fn: "readG3", want: "B"},                    // callers passing it round add nothing
		{fn: "readG4", want: "unseen RelayExported"}, // up to callers the package does not see
		{fn: "ext", want: "outside"},                 // no callee in the package
		{fn: "readExported", want: "unseen Exported"},
	} {
		skipCaller, skipStoreIn = tc.skipCaller, tc.skipStoreIn
		p := flow.NewProvenance(g, rules)
		got := p.Of(returned(funcs[tc.fn]))
		if got.Val != tc.want || got.Params != tc.params {
			t.Errorf("%s (skipping caller %q, stores in %q): %q, params %b; want %q, %b",
				tc.fn, tc.skipCaller, tc.skipStoreIn, got.Val, got.Params, tc.want, tc.params)
		}
	}
	// Up: viaParam's s, judged by its callers; it is called nowhere in
	// the package, so what callers the package does not show pass.
	p := flow.NewProvenance(g, rules)
	if up := p.Up(funcs["viaParam"], p.Of(returned(funcs["viaParam"]))); up.Val != "unseen viaParam" || up.Params != 0 {
		t.Errorf("Up(viaParam) = %+v, want what unseen callers pass", up)
	}
}

func TestCallGraph(t *testing.T) {
	g, funcs := buildSrc(t, provSrc)
	var callers []string
	for _, c := range g.Callers(funcs["store"]) {
		if c.Callee != funcs["store"] {
			t.Errorf("a caller of store calls %s", c.Callee.Name())
		}
		callers = append(callers, c.Caller.Name())
	}
	if want := []string{"caller1", "caller2"}; !slices.Equal(callers, want) {
		t.Errorf("Callers(store) = %v, want %v", callers, want)
	}
	var calls []string
	for _, c := range g.Calls(funcs["rec"]) {
		calls = append(calls, c.Callee.Name())
	}
	if want := []string{"rec"}; !slices.Equal(calls, want) {
		t.Errorf("Calls(rec) = %v, want %v", calls, want)
	}
	for name, want := range map[string]bool{
		"store":           false, // called, unexported
		"Exported":        true,  // exported
		"helper":          true,  // used as a value
		"unused":          true,  // called nowhere
		"capturedParam$1": true,  // a closure that escapes (returned)
		"pass":            false,
	} {
		if got := g.UnseenCallers(funcs[name]); got != want {
			t.Errorf("UnseenCallers(%s) = %v, want %v", name, got, want)
		}
	}
}
