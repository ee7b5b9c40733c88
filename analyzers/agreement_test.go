package analyzers_test

// The agreement test: every rule that runtime/resolve enforces at
// registration has a static counterpart in the analyzers, and the two agree.
//
// The corpus is the module testdata/src/agree. Each package under cases/
// is one case: it registers one tool (or the same tool in two ways), in a
// function Register that cmd/register calls with the real runtime, through
// the go-sdk binding (runtime/resolve, on a go-sdk server) or the mcp-go
// binding (runtime/mcpgo/resolve, on an mcp-go server) that the case
// imports. Its package doc says what both sides must find:
//
//	//agree:want resolvegraph/missing-provider resolvegraph/unused-resolver
//	//agree:want none
//
// A case may also carry //agree:disagree <reason>: a disagreement that is
// known and yet to be fixed. Its subtest is skipped, with the diff, while
// the two sides disagree, and fails once they agree, so that the directive
// is removed.
//
// The test runs all of mcplint's analyzers over the corpus, and
// cmd/register over the same cases, and compares, case by case, the
// multiset of (rule, kind) that the analyzers report with the one the
// runtime returns, and both with the case's want; then the message texts,
// which must be the same apart from how each side spells a type and names
// a function literal (see [normalize]). Finally it lists every constant of
// type resolve.Kind and resolve.Rule and fails unless each one is found,
// by both sides, in a case of each binding where they agree: a new
// registration rule without a static counterpart and a corpus case of each
// binding fails this test. Both bindings must export the same constants.
//
// The call-time rule askstable is compared on the cases that cmd/register
// also calls through a real client (its table calls; go-sdk's client, in
// memory for a go-sdk server and over streamable HTTP for an mcp-go one):
// the analyzer askstable and the runtime's twin, which ends a call whose
// question keeps changing, must agree on each of them (see [compareCalls]).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	rulecore "github.com/mcplint/mcplint/internal/rules"
)

const (
	corpusModule = "example.com/agree"
	casesPrefix  = corpusModule + "/cases/"
	resolvePath  = "github.com/mcplint/mcplint/runtime/resolve"
	mcpgoPath    = "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	rulesPath    = "github.com/mcplint/mcplint/internal/rules"
)

// A ruleKind is a registration rule id and the kind of finding within it,
// as in resolve.RegistrationError: "resolvegraph/cycle".
type ruleKind struct{ Rule, Kind string }

func (rk ruleKind) String() string { return rk.Rule + "/" + rk.Kind }

// registrationKind says which registration rule and kind a diagnostic of
// analyzer with category stands for. isRule is false for the findings that
// are not registration rules (call-time rules, rules that the rule core's
// table says are static only, and Ask[T] calls, which the runtime only
// sees when the resolver runs). known is false for a category
// that this table does not know: a new category must be placed here.
//
// resolvegraph uses the runtime's Kind names as its categories; the test
// checks below that each one is a resolve.Kind.
func registrationKind(analyzer, category string) (rk ruleKind, isRule, known bool) {
	switch analyzer + "/" + category {
	case "resolvemix/declared":
		return ruleKind{"resolvemix", "declared"}, true, true
	case "elicitbase/declared", "elicitbase/argument":
		return ruleKind{"elicitbase", "answer-type"}, true, true
	case "resolvemix/constructed", "elicitbase/ask", "statereach/runtime-owned", "statereach/unverified", "statereach/stands-in", "statereach/unasked-answer", "askstable/unstable":
		return ruleKind{}, false, true
	case "askstable/key", "elicitbase/requested", "askcaps/capability":
		// Hand-written multi-round handlers (a key that changes between
		// rounds, a requested schema clients refuse, a question the client
		// did not declare it can answer): static only, the runtime never
		// sees a handler that does not use resolvers (its own questions
		// are gated by the client's capabilities).
		// resolvepure's findings in them are static only, as all of its.
		return ruleKind{}, false, true
	case "resolvegraph/directive":
		return ruleKind{}, false, false
	}
	if twin, ok := rulecore.Rule(analyzer).Twin(); ok && twin == rulecore.StaticOnly {
		return ruleKind{}, false, true // the rule core's table: nothing at run time to agree with
	}
	if analyzer == "resolvegraph" {
		return ruleKind{"resolvegraph", category}, true, true
	}
	return ruleKind{}, false, false
}

// A diagnostic is one diagnostic of an analysis run.
type diagnostic struct {
	Pkg      string // path of the package analyzed
	Posn     token.Position
	Analyzer string
	Category string
	Message  string
}

func (d diagnostic) String() string {
	return fmt.Sprintf("%s: %s/%s: %s", d.Posn, d.Analyzer, d.Category, d.Message)
}

// analysisRun is the outcome of analyze.
type analysisRun struct {
	Pkgs        []*packages.Package // the root packages
	Diagnostics []diagnostic        // of the root packages
	Errors      []string            // load errors, analysis errors and panics
	Packages    int                 // root packages analyzed
	Actions     int                 // analyzer × package steps run, dependencies included
}

// analyze is a small analysis driver: it loads patterns in dir with
// go/packages, from source and with all dependencies (as multichecker does
// for analyzers with facts), and runs all of mcplint's analyzers on them
// with golang.org/x/tools/go/analysis/checker. A panic in an analyzer is
// recovered and recorded as an error of its step, with its stack. env, if
// not nil, is the environment of the go command.
func analyze(t *testing.T, dir string, env []string, tests bool, patterns ...string) *analysisRun {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: env, Tests: tests}
	pkgs, err := analyzers.Load(cfg, patterns...)
	if err != nil {
		t.Fatalf("loading %v in %s: %v", patterns, dir, err)
	}
	run := &analysisRun{Pkgs: pkgs, Packages: len(pkgs)}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			run.Errors = append(run.Errors, fmt.Sprintf("load %s: %v", p.ID, e))
		}
	})
	if len(run.Errors) > 0 {
		return run
	}
	graph, err := checker.Analyze(guarded(analyzers.All()), pkgs, nil)
	if err != nil {
		t.Fatalf("checker.Analyze: %v", err)
	}
	seen := make(map[string]bool) // a diagnostic of a package and its test variant is reported once
	for act := range graph.All() {
		run.Actions++
		if act.Err != nil && !strings.HasPrefix(act.Err.Error(), "failed prerequisites") {
			run.Errors = append(run.Errors, fmt.Sprintf("%s: %v", act, act.Err))
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			diag := diagnostic{
				Pkg:      act.Package.PkgPath,
				Posn:     act.Package.Fset.Position(d.Pos),
				Analyzer: act.Analyzer.Name,
				Category: d.Category,
				Message:  d.Message,
			}
			if key := diag.String(); !seen[key] {
				seen[key] = true
				run.Diagnostics = append(run.Diagnostics, diag)
			}
		}
	}
	return run
}

// guarded returns copies of as whose Run turns a panic into an error.
func guarded(as []*analysis.Analyzer) []*analysis.Analyzer {
	return analyzers.Wrap(as, func(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic in %s on %s: %v\n%s", a.Name, pass.Pkg.Path(), r, debug.Stack())
			}
		}()
		return a.Run(pass)
	})
}

// loadTypes loads the types of a package of this repository with
// go/packages.
func loadTypes(t *testing.T, path string) *types.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes,
		Dir:  testenv.Root(t),
		// The repository's own module: never let the go command edit it.
		Env: append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v", path, pkgs)
	}
	return pkgs[0].Types
}

// bindings are the runtime's bindings, by import path, with the names the
// test gives them.
var bindings = map[string]string{resolvePath: "go-sdk", mcpgoPath: "mcp-go"}

// bindingOf names the binding whose server a case's Register takes: an
// mcp-go *server.MCPServer or a go-sdk *mcp.Server.
func bindingOf(pkg *packages.Package) string {
	fn, ok := pkg.Types.Scope().Lookup("Register").(*types.Func)
	if !ok || fn.Signature().Params().Len() != 1 {
		return ""
	}
	p, ok := types.Unalias(fn.Signature().Params().At(0).Type()).(*types.Pointer)
	if !ok {
		return ""
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "github.com/modelcontextprotocol/go-sdk/mcp.Server":
		return "go-sdk"
	case "github.com/mark3labs/mcp-go/server.MCPServer":
		return "mcp-go"
	}
	return ""
}

// runtimeConstants returns the values of the constants of type Kind and
// Rule of the rule core that the binding at path exports, read from the
// package itself.
func runtimeConstants(t *testing.T, path string) (kinds, rules []string) {
	t.Helper()
	pkg := loadTypes(t, path)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !c.Exported() {
			continue
		}
		named, ok := types.Unalias(c.Type()).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != rulesPath {
			continue
		}
		switch named.Obj().Name() {
		case "Kind":
			kinds = append(kinds, constant.StringVal(c.Val()))
		case "Rule":
			rules = append(rules, constant.StringVal(c.Val()))
		}
	}
	slices.Sort(kinds)
	slices.Sort(rules)
	if len(kinds) == 0 || len(rules) == 0 {
		t.Fatalf("found no constants of type resolve.Kind (%v) or resolve.Rule (%v)", kinds, rules)
	}
	return kinds, rules
}

// A runtimeFinding is one registration error, or one call-time rule the
// runtime enforced, as cmd/register prints it.
type runtimeFinding struct {
	Rule string `json:"rule"`
	Kind string `json:"kind"`
	Msg  string `json:"msg"`
}

// A runtimeOutcome is what cmd/register prints for one case: its
// registration errors and, if it called the case's tool, what the runtime
// found while the call ran.
type runtimeOutcome struct {
	Registration []runtimeFinding `json:"registration"`
	Called       bool             `json:"called"`
	Call         []runtimeFinding `json:"call"`
}

// registerCorpus runs cmd/register in the corpus module.
func registerCorpus(t *testing.T, dir string, env []string) map[string]runtimeOutcome {
	t.Helper()
	cmd := exec.Command("go", "run", "./cmd/register")
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run ./cmd/register: %v\n%s", err, stderr.Bytes())
	}
	var out map[string]runtimeOutcome
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("go run ./cmd/register: %v\n%s", err, stdout.Bytes())
	}
	return out
}

// directives reads the directives of a case package: its //agree:want,
// and //agree:disagree <reason> if the case shows a known disagreement
// that is yet to be fixed.
func directives(pkg *packages.Package) (want []ruleKind, disagree string, err error) {
	var found []string
	for _, f := range pkg.Syntax {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if rest, ok := strings.CutPrefix(c.Text, "//agree:want"); ok {
					found = append(found, strings.TrimSpace(rest))
				}
				if rest, ok := strings.CutPrefix(c.Text, "//agree:disagree"); ok {
					disagree = strings.TrimSpace(rest)
					if disagree == "" {
						return nil, "", fmt.Errorf("//agree:disagree needs a reason")
					}
				}
			}
		}
	}
	if len(found) != 1 {
		return nil, "", fmt.Errorf("case has %d //agree:want directives, want 1", len(found))
	}
	if found[0] == "none" {
		return nil, disagree, nil
	}
	for _, w := range strings.Fields(found[0]) {
		rule, kind, ok := strings.Cut(w, "/")
		if !ok {
			return nil, "", fmt.Errorf("//agree:want %s: want rule/kind", w)
		}
		want = append(want, ruleKind{rule, kind})
	}
	return want, disagree, nil
}

// multiset returns rks sorted, for comparison.
func multiset(rks []ruleKind) []string {
	var s []string
	for _, rk := range rks {
		s = append(s, rk.String())
	}
	slices.Sort(s)
	return s
}

// minus returns the elements of a that are not matched in b, counting
// repetitions.
func minus(a, b []string) []string {
	count := make(map[string]int)
	for _, x := range b {
		count[x]++
	}
	var out []string
	for _, x := range a {
		if count[x] > 0 {
			count[x]--
		} else {
			out = append(out, x)
		}
	}
	return out
}

func TestAgreement(t *testing.T) {
	t.Parallel()
	kinds, rules := runtimeConstants(t, resolvePath)
	if k, r := runtimeConstants(t, mcpgoPath); !slices.Equal(k, kinds) || !slices.Equal(r, rules) {
		t.Errorf("the bindings export different constants\n  go-sdk: kinds %v, rules %v\n  mcp-go: kinds %v, rules %v", kinds, rules, k, r)
	}
	// The runtime exports every kind of the rule core.
	var core []string
	for _, k := range rulecore.Kinds {
		core = append(core, string(k))
	}
	slices.Sort(core)
	if !slices.Equal(core, kinds) {
		t.Errorf("resolve exports other kinds than the rule core has\n  resolve.Kind constants: %v\n  rules.Kinds:            %v", kinds, core)
	}
	dir := testenv.Download(t, "agree")
	env := append(testenv.Env(), "GOPROXY=off")
	run := analyze(t, dir, env, false, "./...")
	if len(run.Errors) > 0 {
		t.Fatalf("analyzing the corpus:\n%s", strings.Join(run.Errors, "\n"))
	}
	byCase := make(map[string][]diagnostic)
	for _, d := range run.Diagnostics {
		id, ok := strings.CutPrefix(d.Pkg, casesPrefix)
		if !ok {
			t.Errorf("diagnostic outside the cases: %v", d)
			continue
		}
		byCase[id] = append(byCase[id], d)
	}
	casePkgs := make(map[string]*packages.Package)
	for _, p := range run.Pkgs {
		if id, ok := strings.CutPrefix(p.PkgPath, casesPrefix); ok {
			casePkgs[id] = p
		}
	}

	registered := registerCorpus(t, dir, env)
	for _, id := range slices.Sorted(maps.Keys(casePkgs)) {
		if _, ok := registered[id]; !ok {
			t.Errorf("case %s is not registered by cmd/register: add it to the table in cmd/register/cases.go", id)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(registered)) {
		if _, ok := casePkgs[id]; !ok {
			t.Errorf("cmd/register registers %s, which is not a package under cases/", id)
		}
	}

	isKind := make(map[string]bool)
	for _, k := range kinds {
		isKind[k] = true
	}
	isRule := make(map[string]bool)
	for _, r := range rules {
		isRule[r] = true
	}

	// agreed counts, for each binding, rule id and kind, the cases in
	// which both sides found it and agreed on everything: "mcp-go
	// resolvegraph/cycle".
	agreed := make(map[string]int)
	for _, id := range slices.Sorted(maps.Keys(casePkgs)) {
		pkg := casePkgs[id]
		outcome, ok := registered[id]
		if !ok {
			continue
		}
		rt := outcome.Registration
		agree := false
		t.Run(id, func(t *testing.T) {
			var problems []string
			problem := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
			var static []ruleKind
			var staticText, dynamicText []string  // "rule/kind: message", normalized
			staticBy := make(map[string][]string) // rule/kind -> diagnostics, for messages
			for _, d := range byCase[id] {
				rk, isReg, known := registrationKind(d.Analyzer, d.Category)
				switch {
				case !known:
					problem("%v: the agreement test does not know the category %s of %s: map it in registrationKind", d, d.Category, d.Analyzer)
				case !isReg:
					t.Logf("not a registration rule: %v", d)
				default:
					if !isRule[rk.Rule] || !isKind[rk.Kind] {
						problem("%v: stands for %v, which is not a resolve.Rule and resolve.Kind of the runtime", d, rk)
					}
					static = append(static, rk)
					staticBy[rk.String()] = append(staticBy[rk.String()], d.String())
					staticText = append(staticText, rk.String()+": "+normalize(staticMessage(d.Message)))
				}
			}
			var dynamic []ruleKind
			dynamicBy := make(map[string][]string)
			for _, f := range rt {
				if f.Rule == "" {
					problem("registration returned an error that is not a *resolve.RegistrationError: %s", f.Msg)
					continue
				}
				rk := ruleKind{f.Rule, f.Kind}
				dynamic = append(dynamic, rk)
				dynamicBy[rk.String()] = append(dynamicBy[rk.String()], f.Msg)
				dynamicText = append(dynamicText, rk.String()+": "+normalize(runtimeMessage(f.Msg)))
			}
			want, disagree, err := directives(pkg)
			if err != nil {
				t.Fatal(err)
			}
			if bindingOf(pkg) == "" {
				problem("the case's Register takes neither a go-sdk *mcp.Server nor an mcp-go *server.MCPServer")
			}
			s, r, w := multiset(static), multiset(dynamic), multiset(want)
			if !slices.Equal(s, r) {
				var b strings.Builder
				fmt.Fprintf(&b, "static and runtime verdicts disagree\n  analyzers: %v\n  runtime:   %v", s, r)
				only := func(side string, extra []string, by map[string][]string) {
					n := make(map[string]int)
					for _, x := range extra {
						n[x]++
					}
					for _, x := range slices.Sorted(maps.Keys(n)) {
						fmt.Fprintf(&b, "\n  %s only: %d × %s; all of theirs:", side, n[x], x)
						for _, m := range by[x] {
							fmt.Fprintf(&b, "\n      %s", m)
						}
					}
				}
				only("reported by the analyzers", minus(s, r), staticBy)
				only("returned by the runtime", minus(r, s), dynamicBy)
				problem("%s", b.String())
			}
			if slices.Equal(s, r) {
				slices.Sort(staticText)
				slices.Sort(dynamicText)
				if st, rt := minus(staticText, dynamicText), minus(dynamicText, staticText); len(st)+len(rt) > 0 {
					problem("static and runtime messages differ\n  analyzers only:\n    %s\n  runtime only:\n    %s",
						strings.Join(st, "\n    "), strings.Join(rt, "\n    "))
				}
			}
			if !slices.Equal(r, w) {
				problem("the runtime returned %v; the case wants %v (//agree:want)", r, w)
			}
			if !slices.Equal(s, w) {
				problem("the analyzers reported %v; the case wants %v (//agree:want)", s, w)
			}
			switch {
			case disagree != "" && len(problems) == 0:
				t.Errorf("the case is marked //agree:disagree, but both sides now agree with its want: remove the directive")
			case disagree != "":
				t.Skipf("KNOWN DISAGREEMENT (//agree:disagree %s):\n%s", disagree, strings.Join(problems, "\n"))
			case len(problems) > 0:
				t.Error(strings.Join(problems, "\n"))
			default:
				agree = true
			}
		})
		if agree {
			b := bindingOf(pkg)
			for _, f := range rt {
				agreed[b+" "+f.Rule]++
				agreed[b+" "+f.Rule+"/"+f.Kind]++
			}
		}
	}

	// Every rule and kind of the runtime has a static counterpart, shown by
	// at least one case where both sides find it and agree.
	kindRule := make(map[string]string)
	for _, outcome := range registered {
		for _, f := range outcome.Registration {
			kindRule[f.Kind] = f.Rule
		}
	}
	for _, b := range slices.Sorted(maps.Values(bindings)) {
		for _, k := range kinds {
			r, ok := kindRule[k]
			if !ok {
				t.Errorf("resolve.Kind %q: no case of the corpus makes the runtime return it; add a case under testdata/src/agree/cases whose registration fails with it, and its static counterpart", k)
				continue
			}
			if agreed[b+" "+r+"/"+k] == 0 {
				t.Errorf("resolve.Kind %q (rule %s): no case of the %s binding where the analyzers and the runtime agree on it", k, r, b)
			}
		}
		for _, r := range rules {
			if agreed[b+" "+r] == 0 {
				t.Errorf("resolve.Rule %q: no case of the %s binding where the analyzers and the runtime agree on it", r, b)
			}
		}
	}
	if !t.Failed() {
		t.Logf("%d cases; %d kinds and %d rules of the runtime covered on both bindings", len(casePkgs), len(kinds), len(rules))
	}

	compareCalls(t, byCase, registered, casePkgs)
}

// compareCalls compares the call-time rule askstable: for every case that
// cmd/register calls, or in which the analyzer askstable reports a
// question, the analyzer's verdict and the runtime's twin (which ends the
// call when the question changes rules.UnstableRounds rounds in a row)
// must agree both ways, and both must tell the author rules.AskStableFix.
// The corpus must hold, for each binding, a case where both find the rule
// and one where neither does.
func compareCalls(t *testing.T, byCase map[string][]diagnostic, registered map[string]runtimeOutcome, casePkgs map[string]*packages.Package) {
	t.Helper()
	const rule, kind = string(rulecore.AskStable), "unstable"
	static := make(map[string][]string) // case -> askstable diagnostics
	for id, diags := range byCase {
		for _, d := range diags {
			if d.Analyzer == rule && d.Category == kind {
				static[id] = append(static[id], d.String())
			}
		}
	}
	ids := slices.Collect(maps.Keys(static))
	for id, outcome := range registered {
		if outcome.Called && static[id] == nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	unstable, stable := make(map[string]int), make(map[string]int) // by binding: cases where both sides agree
	for _, id := range ids {
		t.Run("call/"+id, func(t *testing.T) {
			outcome := registered[id]
			if !outcome.Called {
				t.Fatalf("the analyzers report %s/%s, but cmd/register does not call the tool: add the case to calls in cmd/register/calls.go\n  %s",
					rule, kind, strings.Join(static[id], "\n  "))
			}
			var dynamic []string
			for _, f := range outcome.Call {
				if f.Rule != rule || f.Kind != kind {
					t.Errorf("the call ended with an error other than the runtime twin of %s: %s", rule, f.Msg)
					continue
				}
				dynamic = append(dynamic, f.Msg)
			}
			if (len(static[id]) > 0) != (len(dynamic) > 0) {
				t.Errorf("static and call-time verdicts of %s disagree\n  analyzers: %q\n  runtime:   %q", rule, static[id], dynamic)
			}
			for _, msg := range slices.Concat(static[id], dynamic) {
				if !strings.Contains(msg, rulecore.AskStableFix) {
					t.Errorf("message does not tell the author %q: %s", rulecore.AskStableFix, msg)
				}
			}
			switch {
			case t.Failed():
			case len(dynamic) > 0:
				unstable[bindingOf(casePkgs[id])]++
			default:
				stable[bindingOf(casePkgs[id])]++
			}
		})
	}
	for _, b := range slices.Sorted(maps.Values(bindings)) {
		if unstable[b] == 0 || stable[b] == 0 {
			t.Errorf("%s on the %s binding: %d cases where both sides find an unstable question and %d where neither does; the corpus needs at least one of each", rule, b, unstable[b], stable[b])
		}
	}

}

// staticMessage is a diagnostic's message without the tool's, prompt's or
// resource's name, which the analyzers put first when the literal gives it.
func staticMessage(msg string) string {
	if m := toolPrefix.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return msg
}

var toolPrefix = regexp.MustCompile(`^(?:tool|prompt|resource) "(?:[^"\\]|\\.)*": (.*)$`)

// runtimeMessage is the Msg of a RegistrationError, from its Error:
// resolve: tool "name": msg (rule).
func runtimeMessage(err string) string {
	if m := runtimeError.FindStringSubmatch(err); m != nil {
		return m[1]
	}
	return err
}

var runtimeError = regexp.MustCompile(`(?s)^resolve: (?:tool|prompt|resource) "(?:[^"\\]|\\.)*": (.*) \(\w+\)$`)

// normalize removes from a message what the two sides may spell
// differently:
//   - import paths, which reflect prints in the type arguments of generic
//     types ("resolve.Elicit[example.com/agree/kit.Q1]");
//   - the names of function literals, which the runtime knows as
//     "pkg.Outer.func1" and the analyzers as "func literal".
func normalize(msg string) string {
	msg = importPath.ReplaceAllString(msg, "")
	return funcLiteral.ReplaceAllString(msg, "func literal")
}

var (
	importPath  = regexp.MustCompile(`\b(?:[\w.-]+/)+`)
	funcLiteral = regexp.MustCompile(`\b[\w.]+\.func\d+(?:\.\d+)*\b`)
)
