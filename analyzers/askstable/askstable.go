package askstable

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports questions built from values that change between rounds.
var Analyzer = check.New(string(rules.AskStable), doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer, registrations.Analyzer, rounds.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Unstable), new(AsksWith), new(WrittenAtRunTime)},
})

// Categories of findings.
const (
	// Category: a resolver's question changes between rounds.
	Category = "unstable"
	// CategoryKey: a hand-written input request's key changes between
	// rounds (no run-time twin: the runtime never sees such a handler).
	CategoryKey = "key"
)

// fix is what the rule core tells the author: rules.AskStableFix.
const fix = rules.AskStableFix

// Unstable is the fact that a function returns a value that changes from
// one call to the next whatever its arguments.
type Unstable struct {
	Why string // "time.Now", "the result of stamp (time.Now)"
}

func (*Unstable) AFact()           {}
func (f *Unstable) String() string { return "unstable(" + f.Why + ")" }

// AsksWith is the fact that a function puts some of its parameters into a
// question.
type AsksWith struct {
	Params []int // indexes into the signature's parameters, in increasing order
}

func (*AsksWith) AFact()           {}
func (f *AsksWith) String() string { return fmt.Sprintf("asksWith%v", f.Params) }

// WrittenAtRunTime is the fact that a package-level variable is written
// by a function other than an initializer.
type WrittenAtRunTime struct {
	In string // the function that writes it
}

func (*WrittenAtRunTime) AFact()           {}
func (f *WrittenAtRunTime) String() string { return "writtenAtRunTime(" + f.In + ")" }

// A taint is what a value depends on: the first unstable source found,
// and the parameters of its function it is computed from.
type taint struct {
	why      string
	mapOrder bool   // why is only a map's iteration order
	params   uint64 // bit i: parameter i of the value's function
}

func (t taint) union(u taint) taint {
	r := taint{why: t.why, mapOrder: t.mapOrder, params: t.params | u.params}
	if r.why == "" || r.mapOrder && u.why != "" && !u.mapOrder {
		r.why, r.mapOrder = u.why, u.mapOrder
	}
	return r
}

// crossing is t as seen from another function: its parameters mean
// nothing there.
func (t taint) crossing() taint { return taint{why: t.why, mapOrder: t.mapOrder} }

type checker struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	funcs    []*ssa.Function
	rep      *suppress.Reporter
	g        *flow.Graph
	taints   flow.Fold[taint]      // what each value depends on
	results  flow.Fold[string]     // keyed by *ssa.Function: why what it returns changes
	written  map[*types.Var]string // package-level variables written at run time
	paramWhy map[*ssa.Parameter]string
	asksWith map[*ssa.Function]map[int]string // parameter -> what of the question
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	c := &checker{
		pass:     pass,
		pkg:      prog.Pkg,
		funcs:    prog.Funcs,
		rep:      suppress.New(pass),
		g:        flow.New(prog),
		written:  make(map[*types.Var]string),
		paramWhy: make(map[*ssa.Parameter]string),
		asksWith: make(map[*ssa.Function]map[int]string),
	}
	c.scanWrites()
	c.resetMemo()
	c.resolverResults()
	c.questions()
	c.exportFacts()
	return nil, nil
}

func (c *checker) resetMemo() {
	c.taints = flow.Fold[taint]{Compute: c.compute}
	c.results = flow.Fold[string]{Compute: func(v ssa.Value) string { return c.computeReturns(v.(*ssa.Function)) }}
}

// scanWrites records the package-level variables that functions other
// than initializers write.
func (c *checker) scanWrites() {
	for _, fn := range c.funcs {
		runTime := !isInitializer(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					if runTime {
						c.markWritten(in.Addr, fn)
					}
				case *ssa.MapUpdate:
					if runTime {
						if load, ok := in.Map.(*ssa.UnOp); ok && load.Op == token.MUL {
							c.markWritten(load.X, fn)
						}
					}
				case ssa.CallInstruction:
					if runTime {
						for _, a := range in.Common().Args {
							c.markWritten(a, fn) // its address is handed out: atomic.AddInt64(&n, 1), n.Add(1)
						}
					}
				}
			}
		}
	}
}

// isInitializer reports whether fn runs before the program serves: a
// package initializer, main.main, or a function literal inside one.
func isInitializer(fn *ssa.Function) bool {
	fn = flow.Outermost(fn)
	if fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#") {
		return true
	}
	return fn.Name() == "main" && fn.Signature.Recv() == nil && fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main"
}

// markWritten records the package-level variable that addr points into.
func (c *checker) markWritten(addr ssa.Value, fn *ssa.Function) {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
			continue
		case *ssa.IndexAddr:
			addr = a.X
			continue
		case *ssa.Global:
			if v, ok := a.Object().(*types.Var); ok && v.Pkg() == c.pass.Pkg {
				if _, done := c.written[v]; !done {
					c.written[v] = flow.FuncName(fn)
				}
			}
		}
		return
	}
}

// value returns the taint of v, computed once (a cycle: the other edges
// decide).
func (c *checker) value(v ssa.Value) taint { return c.taints.Of(v) }

func (c *checker) values(vs []ssa.Value) taint {
	var t taint
	for _, v := range vs {
		if v != nil {
			t = t.union(c.value(v))
		}
	}
	return t
}

func (c *checker) compute(v ssa.Value) taint {
	switch v := v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Builtin:
		return taint{}
	case *ssa.Parameter:
		t := taint{why: c.paramWhy[v]}
		if i := slices.Index(v.Parent().Params, v); i >= 0 && i < 64 {
			t.params = 1 << i
		}
		return t
	case *ssa.FreeVar:
		var t taint
		for _, b := range c.g.Bindings(v) {
			t = t.union(c.value(b).crossing())
		}
		return t
	case *ssa.Global:
		return taint{why: c.global(v)}
	case *ssa.Alloc:
		return c.stores(v, -1).union(c.filled(v))
	case *ssa.MakeSlice:
		return c.filled(v)
	case *ssa.MakeMap:
		var t taint
		for _, r := range *v.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && u.Map == v {
				t = t.union(c.values([]ssa.Value{u.Key, u.Value}))
			}
		}
		return t
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return c.load(v.X)
		}
		if v.Op == token.ARROW {
			return taint{}
		}
	case *ssa.FieldAddr:
		if why := knowledge.UnstableField(v.X.Type(), fieldOf(v.X.Type(), v.Field)); why != "" {
			return taint{why: why}
		}
		return c.value(v.X).union(c.stores(v, -1))
	case *ssa.Field:
		if why := knowledge.UnstableField(v.X.Type(), fieldOf(v.X.Type(), v.Field)); why != "" {
			return taint{why: why}
		}
		return c.value(v.X)
	case *ssa.Extract:
		if next, ok := v.Tuple.(*ssa.Next); ok && !next.IsString && v.Index > 0 {
			t := c.value(next.Iter)
			if !numeric(v.Type()) {
				t = t.union(taint{why: "the iteration order of a map", mapOrder: true})
			}
			return t
		}
		return c.value(v.Tuple)
	case *ssa.Call:
		return c.call(v.Common())
	case *ssa.Phi:
		return c.sorted(v, c.values(v.Edges))
	}
	// Anything else is computed from its operands.
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return taint{}
	}
	return c.values(flow.Operands(instr))
}

// filled computes the taint of what calls write into the buffer v (or a
// slice of it) that they are passed: crypto/rand.Read(b),
// io.ReadFull(rand.Reader, b).
func (c *checker) filled(v ssa.Value) taint {
	var t taint
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Slice:
				visit(r)
			case *ssa.Call:
				if slices.Contains(r.Call.Args, v) {
					t = t.union(c.call(r.Common()))
				}
			}
		}
	}
	visit(v)
	return t
}

// load computes the taint of the value loaded from addr.
func (c *checker) load(addr ssa.Value) taint {
	switch a := addr.(type) {
	case *ssa.Global:
		return taint{why: c.global(a)}
	case *ssa.FieldAddr:
		if why := knowledge.UnstableField(a.X.Type(), fieldOf(a.X.Type(), a.Field)); why != "" {
			return taint{why: why}
		}
		t := c.stores(a, a.Field)
		if _, local := a.X.(*ssa.Alloc); !local {
			t = t.union(c.value(a.X)) // the struct comes from elsewhere
		}
		return t
	}
	return c.value(addr)
}

// stores computes the taint of what is stored through addr or, if field
// is not -1, into that field of what addr's base points to.
func (c *checker) stores(addr ssa.Value, field int) taint {
	base := addr
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		base = fa.X
	}
	var t taint
	var visit func(p ssa.Value, f int)
	visit = func(p ssa.Value, f int) {
		refs := p.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == p {
					t = t.union(c.value(r.Val))
				}
			case *ssa.FieldAddr:
				if f == -1 || r.Field == f {
					visit(r, -1)
				}
			case *ssa.IndexAddr:
				visit(r, f)
			}
		}
	}
	if _, ok := base.(*ssa.Alloc); ok && addr != base && field >= 0 {
		visit(base, field)
		for _, r := range *base.Referrers() {
			if s, ok := r.(*ssa.Store); ok && s.Addr == base {
				t = t.union(c.value(s.Val))
			}
		}
		return t
	}
	visit(addr, -1)
	return t
}

// fieldOf returns field i of the struct that t is or points to.
func fieldOf(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

// numeric reports whether values of type t do not depend on the order in
// which they are combined from a map's elements (counted, summed).
func numeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

// sorted clears a map-order taint from a slice that is sorted.
func (c *checker) sorted(v ssa.Value, t taint) taint {
	if !t.mapOrder {
		return t
	}
	for _, r := range *v.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok || len(call.Call.Args) == 0 || call.Call.Args[0] != v {
			continue
		}
		if fn := call.Call.StaticCallee(); fn != nil && fn.Pkg != nil && knowledge.Sorts(funcObj(fn)) {
			return taint{params: t.params}
		}
	}
	return t
}

// global describes why the value of a package-level variable changes, or
// returns "".
func (c *checker) global(g *ssa.Global) string {
	v, ok := g.Object().(*types.Var)
	if !ok {
		return ""
	}
	if why := knowledge.UnstableGlobal(v); why != "" {
		return why
	}
	if in, ok := c.written[v]; ok {
		return fmt.Sprintf("package variable %s, written at run time in %s", v.Name(), in)
	}
	f := new(WrittenAtRunTime)
	if v.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(v, f) {
		return fmt.Sprintf("package variable %s.%s, written at run time in %s", v.Pkg().Name(), v.Name(), f.In)
	}
	return ""
}

// call computes the taint of the result of a call. A call through an
// interface method or a function value takes the taint of every callee the
// flow layer resolves it to (the package's implementations and the
// functions the value comes from), with its arguments and the function
// value itself.
func (c *checker) call(cc *ssa.CallCommon) taint {
	args := c.values(cc.Args)
	callee := cc.StaticCallee()
	if callee == nil {
		t := args.union(c.value(cc.Value))
		callees, _ := c.g.Callees(cc)
		for _, ce := range callees {
			if ce.Func == nil && ce.Obj == nil {
				continue
			}
			why, stable := c.callee(ce.Func, ce.Obj)
			if !stable && why != "" {
				return t.union(taint{why: why})
			}
		}
		return t
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil && callee.Origin() != nil {
		obj, _ = callee.Origin().Object().(*types.Func)
	}
	why, stable := c.callee(callee, obj)
	switch {
	case stable:
		return taint{}
	case why == "":
		return args
	case c.knownSource(obj):
		return taint{why: why}
	}
	return args.union(taint{why: why})
}

// callee describes why what a call of fn (its SSA function, or nil) or
// obj (its object, or nil) returns changes whatever the arguments, or
// returns "". stable is true for a question's constructor: what it
// returns is the answer, stable whatever the arguments.
func (c *checker) callee(fn *ssa.Function, obj *types.Func) (why string, stable bool) {
	if obj != nil {
		obj = obj.Origin()
		if _, ok := knowledge.QuestionOf(obj); ok || knowledge.IsAskRoots(obj) {
			return "", true
		}
		if c.knownSource(obj) {
			if why := knowledge.UnstableCall(obj); why != "" {
				return why, false
			}
			return knowledge.UnstableMethod(obj), false
		}
	}
	return c.result(fn, obj), false
}

// knownSource reports whether obj is a source of unstable values by the
// tables (time.Now, a request's progress token): its result is unstable
// whatever its arguments, and they do not count.
func (c *checker) knownSource(obj *types.Func) bool {
	return obj != nil && (knowledge.UnstableCall(obj.Origin()) != "" || knowledge.UnstableMethod(obj.Origin()) != "")
}

// result describes why what a function returns changes whatever its
// arguments, naming the function, or returns "". callee is the function
// if it is of this package, else nil; obj is its declared object, if any.
// A function literal is part of its enclosing function and is not named.
func (c *checker) result(callee *ssa.Function, obj *types.Func) string {
	if callee != nil && callee.Pkg == c.pkg && callee.Blocks == nil && callee.Origin() != nil {
		callee = callee.Origin() // an instantiation of a generic function of the package
	}
	if callee != nil && callee.Pkg == c.pkg && callee.Blocks != nil {
		why := c.returns(callee)
		if why != "" && callee.Parent() == nil {
			why = fmt.Sprintf("the result of %s (%s)", flow.FuncName(callee), why)
		}
		return why
	}
	f := new(Unstable)
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(obj, f) {
		return fmt.Sprintf("the result of %s (%s)", check.FuncName(obj), f.Why)
	}
	return ""
}

// returns describes why a value fn returns changes whatever fn's
// arguments, or returns "" (recursion: the other returns decide).
func (c *checker) returns(fn *ssa.Function) string { return c.results.Of(fn) }

func (c *checker) computeReturns(fn *ssa.Function) string {
	var why string
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if t := c.values(ret.Results); t.why != "" {
				why = t.why
				break
			}
		}
	}
	return why
}

// resolverResults marks the parameters of the package's resolvers that
// receive the value of a resolver whose result changes between rounds, to
// a fixed point, and reports imported resolvers that put such a parameter
// into a question.
func (c *checker) resolverResults() {
	var regs []*gotypes.Registration
	for _, res := range registrations.Of(c.pass).Registrations {
		if len(res.Reg.Resolvers) > 0 {
			regs = append(regs, res.Reg)
		}
	}
	if len(regs) == 0 {
		return
	}
	lits := make(map[*ast.FuncLit]*ssa.Function)
	for _, fn := range c.funcs {
		if lit, ok := fn.Syntax().(*ast.FuncLit); ok {
			lits[lit] = fn
		}
	}
	type resolver struct {
		arg ast.Expr
		fn  *ssa.Function // in this package, else nil
		obj *types.Func   // declared, else nil
		sig *types.Signature
	}
	resolversOf := func(r *gotypes.Registration) []resolver {
		var rs []resolver
		for _, e := range r.Resolvers {
			e = ast.Unparen(e)
			if lit, ok := e.(*ast.FuncLit); ok {
				if fn := lits[lit]; fn != nil {
					rs = append(rs, resolver{arg: e, fn: fn, sig: fn.Signature})
				}
				continue
			}
			obj := check.FuncOf(c.pass.TypesInfo, e)
			if obj == nil {
				continue
			}
			res := resolver{arg: e, obj: obj, sig: obj.Signature()}
			if obj.Pkg() == c.pass.Pkg {
				res.fn = c.pkg.Prog.FuncValue(obj)
			}
			rs = append(rs, res)
		}
		return rs
	}
	for round := 0; round <= len(c.funcs); round++ {
		changed := false
		var late []func() // reports, once the taints are final
		for _, reg := range regs {
			rs := resolversOf(reg)
			for _, p := range rs {
				if p.sig.Results().Len() == 0 {
					continue
				}
				why := c.result(p.fn, p.obj)
				if why == "" {
					continue
				}
				given := p.sig.Results().At(0).Type()
				if t, ok := knowledge.ElicitArg(given); ok {
					given = t
				}
				name := types.ExprString(p.arg)
				for _, q := range rs {
					for i := 0; i < q.sig.Params().Len(); i++ {
						pt := q.sig.Params().At(i).Type()
						if t, ok := knowledge.OutcomeArg(pt); ok {
							pt = t
						}
						if !types.Identical(pt, given) {
							continue
						}
						what := fmt.Sprintf("the value resolver %s gives (%s)", name, why)
						if q.fn != nil {
							param := q.fn.Params[i+len(q.fn.Params)-q.sig.Params().Len()]
							if c.paramWhy[param] == "" {
								c.paramWhy[param] = what
								changed = true
							}
							continue
						}
						f := new(AsksWith)
						if q.obj != nil && c.pass.ImportObjectFact(q.obj, f) && slices.Contains(f.Params, i) {
							arg := q.arg
							late = append(late, func() {
								c.report(arg.Pos(), "resolver %s puts its parameter %s into a question, and it receives %s, which changes between rounds: %s",
									types.ExprString(arg), q.sig.Params().At(i).Name(), what, fix)
							})
						}
					}
				}
			}
		}
		if !changed {
			for _, f := range late {
				f()
			}
			return
		}
		c.resetMemo()
	}
}

// questions reports the questions built from unstable values, and the
// calls that pass such a value to a function that puts it into a
// question. A function whose question depends on its own parameters is
// recorded, to a fixed point, so that its callers are checked in turn.
func (c *checker) questions() {
	c.keys()
	for changed := true; changed; {
		changed = false
		for _, fn := range c.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if ok && c.question(fn, call) {
						changed = true
					}
				}
			}
		}
	}
}

// question checks one call, and reports whether it recorded that fn puts
// a parameter into a question.
func (c *checker) question(fn *ssa.Function, call ssa.CallInstruction) (recorded bool) {
	cc := call.Common()
	callee := cc.StaticCallee()
	if callee == nil {
		return false
	}
	if callee.Blocks == nil && callee.Origin() != nil {
		callee = callee.Origin()
	}
	obj, _ := callee.Object().(*types.Func)
	// what[i] names argument i as a part of a question, in messages.
	what := make(map[int]string)
	var format string
	category := Category
	if q, ok := knowledge.QuestionOf(obj); ok {
		for i, a := range q.Args {
			what[i] = a
		}
		format = q.Func + ": the question's %[1]s depends on %[2]s, which changes between rounds, so the question is new every round: " + fix
	} else {
		name := flow.FuncName(callee)
		for i, part := range c.asksWith[callee] {
			what[i] = part
		}
		f := new(AsksWith)
		if obj != nil && obj.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(obj, f) {
			recv := 0
			if obj.Signature().Recv() != nil {
				recv = 1
			}
			for _, i := range f.Params {
				what[i+recv] = "content"
			}
			name = check.FuncName(obj)
		}
		format = "call of " + name + ", which puts its argument into a question's %[1]s: the argument depends on %[2]s, which changes between rounds: " + fix
		if slices.Contains(slices.Collect(maps.Values(what)), keyPart) {
			format = "call of " + name + ", which puts its argument into an %[1]s: the argument depends on %[2]s, which changes between rounds: " + keyFix
			category = CategoryKey
		}
	}
	for i, part := range what {
		if i >= len(cc.Args) {
			continue
		}
		t := c.value(cc.Args[i])
		if t.why != "" {
			c.reportIn(category, call.Pos(), format, part, t.why)
		}
		if c.recordParams(fn, t, part) {
			recorded = true
		}
	}
	return recorded
}

// recordParams records that fn puts the parameters t is computed from into
// a question's part, and reports whether it recorded one it had not.
func (c *checker) recordParams(fn *ssa.Function, t taint, part string) (recorded bool) {
	for p := range len(fn.Params) {
		if t.params&(1<<p) == 0 {
			continue
		}
		if c.asksWith[fn] == nil {
			c.asksWith[fn] = make(map[int]string)
		}
		if _, ok := c.asksWith[fn][p]; !ok {
			c.asksWith[fn][p] = part
			recorded = true
		}
	}
	return recorded
}

func (c *checker) report(pos token.Pos, format string, args ...any) {
	c.reportIn(Category, pos, format, args...)
}

func (c *checker) reportIn(category string, pos token.Pos, format string, args ...any) {
	c.rep.ReportOnce(analysis.Diagnostic{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}

// exportFacts exports the facts of the package's exported functions and
// variables, and reports whether it exported any.
func (c *checker) exportFacts() bool {
	if c.pass.Pkg.Name() == "main" {
		return false
	}
	exported := false
	for _, fn := range c.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		if why := c.returns(fn); why != "" {
			c.pass.ExportObjectFact(obj, &Unstable{Why: why})
			exported = true
		}
		recv := len(fn.Params) - obj.Signature().Params().Len()
		var params []int
		for p := range c.asksWith[fn] {
			if p >= recv {
				params = append(params, p-recv)
			}
		}
		if len(params) > 0 {
			slices.Sort(params)
			c.pass.ExportObjectFact(obj, &AsksWith{Params: params})
			exported = true
		}
	}
	for v, in := range c.written {
		if v.Exported() {
			c.pass.ExportObjectFact(v, &WrittenAtRunTime{In: in})
			exported = true
		}
	}
	return exported
}

// funcObj returns the declared function of fn, or nil for a literal.
func funcObj(fn *ssa.Function) *types.Func {
	obj, _ := fn.Object().(*types.Func)
	return obj
}
