package rules_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/rules"
)

// typ is the fake type of these tests: a name, and what the fake Types
// know about it.
type typ struct {
	name    string
	elicit  *typ // Elicit[elicit]
	outcome *typ // Outcome[outcome]
	carrier bool // can carry an input-required result
	key     string
	fields  []rules.FormField[*typ]
	kind    rules.FormKind
}

var (
	ctxT    = &typ{name: "context.Context"}
	reqT    = &typ{name: "*mcp.CallToolRequest"}
	errT    = &typ{name: "error"}
	inT     = &typ{name: "main.In", kind: rules.FormStruct}
	outT    = &typ{name: "main.Out", kind: rules.FormStruct}
	resultT = &typ{name: "*mcp.CallToolResult", carrier: true}
	stockT  = &typ{name: "main.Stock", kind: rules.FormStruct}
	confirm = &typ{name: "main.Confirm", kind: rules.FormStruct, fields: []rules.FormField[*typ]{{Name: "OK", Type: &typ{name: "bool"}, Exported: true}}}
	anyT    = &typ{name: "interface {}", kind: rules.FormInterface}
)

func elicitOf(t *typ) *typ  { return &typ{name: "resolve.Elicit[" + t.name + "]", elicit: t} }
func outcomeOf(t *typ) *typ { return &typ{name: "resolve.Outcome[" + t.name + "]", outcome: t} }

// fakeTypes answers the rule core's questions about *typ.
type fakeTypes struct{}

func (fakeTypes) Identical(a, b *typ) bool                                   { return a == b }
func (fakeTypes) IsContext(t *typ) bool                                      { return t == ctxT }
func (fakeTypes) IsError(t *typ) bool                                        { return t == errT }
func (fakeTypes) IsRequest(_ rules.Method, t *typ) bool                      { return t == reqT }
func (fakeTypes) IsResult(_ rules.Method, t *typ) bool                       { return t == resultT }
func (fakeTypes) ElicitArg(t *typ) (*typ, bool)                              { return t.elicit, t.elicit != nil }
func (fakeTypes) OutcomeArg(t *typ) (*typ, bool)                             { return t.outcome, t.outcome != nil }
func (fakeTypes) CanCarryInputRequired(t *typ) bool                          { return t.carrier }
func (fakeTypes) InputSchemaProblem(*typ) string                             { return "" }
func (fakeTypes) OutputSchemaProblem(*typ) string                            { return "" }
func (fakeTypes) ExplicitAnswer(*typ) bool                                   { return false }
func (fakeTypes) IsPrimitive(t *typ) bool                                    { return t.kind == rules.FormOther || t.name == "bool" }
func (fakeTypes) String(t *typ) string                                       { return t.name }
func (fakeTypes) FormSchemaProblem(*typ) string                              { return "" }
func (fakeTypes) FormShape(t *typ) (rules.FormKind, []rules.FormField[*typ]) { return t.kind, t.fields }
func (fakeTypes) WireKey(t *typ) (string, bool, bool) {
	if t.key != "" {
		return t.key, true, true
	}
	return t.name, false, true
}

func fn(name string, params []*typ, results ...*typ) rules.Func[*typ] {
	return rules.Func[*typ]{Name: name, IsFunc: true, Params: params, Results: results, At: name}
}

func handler(out *typ, resolved ...*typ) rules.Func[*typ] {
	return fn("main.handle", append([]*typ{ctxT, reqT, inT}, resolved...), out, errT)
}

func resolver(name string, provides *typ, params ...*typ) rules.Func[*typ] {
	return fn(name, params, provides, errT)
}

type want struct {
	kind rules.Kind
	at   string
	msg  string // a substring
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		reg  rules.Registration[*typ]
		want []want
	}{
		{"valid chain", rules.Registration[*typ]{
			Handler:   handler(outT, stockT, confirm),
			Resolvers: []rules.Func[*typ]{resolver("main.ask", elicitOf(confirm), stockT), resolver("main.stock", stockT, inT)},
			Budget:    9,
		}, nil},
		{"resolvemix declared", rules.Registration[*typ]{
			Handler: handler(resultT, stockT), Resolvers: []rules.Func[*typ]{resolver("main.stock", stockT)},
		}, []want{{rules.Declared, "main.handle", rules.ResolveMixDeclaredMessage("main.handle", "*mcp.CallToolResult")}}},
		{"no resolvers: a result of the SDK is allowed", rules.Registration[*typ]{Handler: handler(resultT)}, nil},
		{"elicitbase", rules.Registration[*typ]{
			Handler: handler(outT, anyT), Resolvers: []rules.Func[*typ]{resolver("main.ask", elicitOf(anyT))},
		}, []want{{rules.AnswerType, "main.ask", "resolver main.ask"}}},
		{"missing provider", rules.Registration[*typ]{Handler: handler(outT, stockT)},
			[]want{{rules.MissingProvider, "main.handle", "no resolver provides main.Stock"}}},
		{"duplicate provider", rules.Registration[*typ]{
			Handler:   handler(outT, stockT),
			Resolvers: []rules.Func[*typ]{resolver("main.a", stockT), resolver("main.b", stockT)},
		}, []want{{rules.DuplicateProvider, "main.b", "resolvers main.a and main.b both provide main.Stock"}}},
		{"cycle", rules.Registration[*typ]{
			Handler:   handler(outT, stockT),
			Resolvers: []rules.Func[*typ]{resolver("main.a", stockT, confirm), resolver("main.b", confirm, stockT)},
		}, []want{{rules.Cycle, "", "cycle"}}},
		{"unused resolver", rules.Registration[*typ]{
			Handler: handler(outT), Resolvers: []rules.Func[*typ]{resolver("main.stock", stockT)},
		}, []want{{rules.UnusedResolver, "main.stock", "neither the handler nor another resolver uses"}}},
		{"round budget", rules.Registration[*typ]{
			Handler:   handler(outT, confirm),
			Resolvers: []rules.Func[*typ]{resolver("main.ask2", elicitOf(confirm), stockT), resolver("main.ask1", elicitOf(stockT))},
			Budget:    1,
		}, []want{{rules.RoundBudget, "", ""}}},
		{"handler signature", rules.Registration[*typ]{Handler: fn("main.handle", []*typ{ctxT, reqT, inT}, outT)},
			[]want{{rules.HandlerSignature, "main.handle", "it has 1 results, not 2"}}},
		{"nil handler", rules.Registration[*typ]{Handler: rules.Func[*typ]{Nil: true, At: "nil"}},
			[]want{{rules.HandlerSignature, "nil", "is nil"}}},
		{"resolver signature", rules.Registration[*typ]{
			Handler: handler(outT, stockT), Resolvers: []rules.Func[*typ]{fn("main.stock", nil, stockT)},
		}, []want{{rules.ResolverSignature, "main.stock", "it has 1 results, not 2"}, {rules.MissingProvider, "main.handle", "no resolver provides main.Stock"}}},
		{"outcome of an unprovided type", rules.Registration[*typ]{Handler: handler(outT, outcomeOf(stockT))},
			[]want{{rules.MissingProvider, "main.handle", "main.Stock"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := rules.Check[*typ](fakeTypes{}, &tc.reg)
			if len(plan.Findings) != len(tc.want) {
				t.Fatalf("findings %+v, want %d", plan.Findings, len(tc.want))
			}
			for i, w := range tc.want {
				f := plan.Findings[i]
				if f.Kind != w.kind || f.Rule != w.kind.Rule() || f.Rule == "" || !strings.Contains(f.Msg, w.msg) || (w.at != "" && f.At != w.at) {
					t.Errorf("finding %d = %+v, want kind %s (rule %s) at %q containing %q", i, f, w.kind, w.kind.Rule(), w.at, w.msg)
				}
			}
		})
	}
}

// A valid plan lists each resolver after the ones it needs, and the
// handler's arguments by kind.
func TestPlanOrder(t *testing.T) {
	reg := rules.Registration[*typ]{
		Handler:   handler(outT, confirm, outcomeOf(stockT)),
		Resolvers: []rules.Func[*typ]{resolver("main.ask", elicitOf(confirm), ctxT, stockT), resolver("main.stock", stockT, inT)},
	}
	plan := rules.Check[*typ](fakeTypes{}, &reg)
	if len(plan.Findings) > 0 || !plan.HandlerOK || !plan.Resolved {
		t.Fatalf("plan %+v", plan)
	}
	var order []string
	for _, n := range plan.Nodes {
		order = append(order, reg.Resolvers[n.Resolver].Name)
	}
	if !slices.Equal(order, []string{"main.stock", "main.ask"}) {
		t.Errorf("node order %v", order)
	}
	if !plan.Nodes[1].Eliciting || plan.Nodes[1].Provides != confirm || plan.Nodes[1].Key != "main.Confirm" {
		t.Errorf("eliciting node %+v", plan.Nodes[1])
	}
	kinds := func(args []rules.Arg) []rules.ArgKind {
		var ks []rules.ArgKind
		for _, a := range args {
			ks = append(ks, a.Kind)
		}
		return ks
	}
	if got, want := kinds(plan.Args), []rules.ArgKind{rules.ArgContext, rules.ArgRequest, rules.ArgInput, rules.ArgValue, rules.ArgOutcome}; !slices.Equal(got, want) {
		t.Errorf("handler args %v, want %v", got, want)
	}
	if got, want := kinds(plan.Nodes[1].Args), []rules.ArgKind{rules.ArgContext, rules.ArgValue}; !slices.Equal(got, want) || plan.Nodes[1].Args[1].Node != 0 {
		t.Errorf("ask's args %v (%+v), want %v on node 0", got, plan.Nodes[1].Args, want)
	}
}

// Every kind belongs to one of the registration rules.
func TestKindRule(t *testing.T) {
	for _, k := range rules.Kinds {
		if r := k.Rule(); r != rules.ResolveMix && r != rules.ElicitBase && r != rules.ResolveGraph {
			t.Errorf("kind %s has rule %q", k, r)
		}
	}
	if rules.Kind("other").Rule() != "" {
		t.Errorf("an unknown kind has a rule")
	}
}

func TestFormProblem(t *testing.T) {
	nested := &typ{name: "main.Nested", kind: rules.FormStruct, fields: []rules.FormField[*typ]{{Name: "Inner", Type: stockT, Exported: true}}}
	for _, tc := range []struct {
		t    *typ
		want string // a substring; "" for no problem
	}{
		{confirm, ""},
		{anyT, "interface"},
		{nested, "Inner"},
	} {
		got := rules.FormProblem[*typ](fakeTypes{}, tc.t)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("FormProblem(%s) = %q, want %q", tc.t.name, got, tc.want)
		}
	}
}

// Each rule of the table says where the runtime enforces it; resolvepure
// has no run-time twin.
func TestTwins(t *testing.T) {
	for _, tc := range []struct {
		rule rules.Rule
		want rules.Twin
	}{
		{rules.ResolveMix, rules.AtRegistration},
		{rules.ElicitBase, rules.AtRegistration},
		{rules.ResolveGraph, rules.AtRegistration},
		{rules.AskStable, rules.AtCallTime},
		{rules.ResolvePure, rules.StaticOnly},
	} {
		if got, ok := tc.rule.Twin(); !ok || got != tc.want {
			t.Errorf("%s.Twin() = %q, %v; want %q", tc.rule, got, ok, tc.want)
		}
	}
	if got, ok := rules.Rule("nosuchrule").Twin(); ok {
		t.Errorf("an unknown rule has twin %q", got)
	}
	for _, k := range rules.Kinds {
		if twin, _ := k.Rule().Twin(); twin != rules.AtRegistration {
			t.Errorf("kind %s belongs to %s, whose twin is %q: a kind is a finding of registration", k, k.Rule(), twin)
		}
	}
}
