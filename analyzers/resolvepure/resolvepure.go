package resolvepure

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
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

// Analyzer reports side effects in resolver bodies.
var Analyzer = check.New(string(rules.ResolvePure), doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer, registrations.Analyzer, rounds.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Effect)},
})

// Category of findings.
const Category = "effect"

// Effect is the fact that calling a function performs a side effect,
// directly or through the functions it calls. Its Sink is
// "<kind>: <call>" ("writes to the file system: os.Remove"); Via starts
// with the function itself.
type Effect struct {
	flow.Reach
}

func (*Effect) AFact() {}

func (e *Effect) String() string { return "effect(" + e.Sink + ")" }

// sink renders an effect as a flow sink.
func sink(kind knowledge.EffectKind, call string) string { return string(kind) + ": " + call }

// describe splits a reach into what the effect is ("writes to the file
// system") and how the call at hand performs it ("os.Remove, through
// a.purge"). skip is how many of the first functions of Via to leave out:
// 1 when the first is the resolver itself.
func describe(r flow.Reach, skip int) (effect, how string) {
	effect, how, _ = strings.Cut(r.Sink, ": ")
	if len(r.Via) > skip {
		how += ", through " + r.Via[skip]
	}
	return effect, how
}

func run(pass *analysis.Pass) (any, error) {
	if check.Of(pass).API {
		return nil, nil
	}
	regs := resolverRegistrations(pass)
	summarize := inLintedModule(pass) && pass.Pkg.Name() != "main"
	hand := rounds.Of(pass)
	if len(regs) == 0 && !hand.HandWritten() && !(summarize && usesEffects(pass)) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	c := &checker{pass: pass, prog: prog, graph: flow.New(prog), rep: suppress.New(pass)}
	c.reacher = &flow.Reacher{Graph: c.graph, Sink: c.sink, Import: c.importFact, Name: c.name, Runs: runs}
	if summarize {
		c.reacher.Export(func(fn *types.Func, s flow.Reach) {
			if fn.Exported() { // other packages can call only exported names
				pass.ExportObjectFact(fn, &Effect{s})
			}
		})
	}
	for _, reg := range regs {
		for _, e := range reg.Reg.Resolvers {
			c.checkResolver(reg, ast.Unparen(e))
		}
	}
	if hand.HandWritten() {
		c.checkHandWritten(hand)
	}
	return nil, nil
}

// resolverRegistrations returns the registrations of the package whose
// resolvers are known.
func resolverRegistrations(pass *analysis.Pass) []*gotypes.Result {
	var regs []*gotypes.Result
	for _, r := range registrations.Of(pass).Registrations {
		if r.Reg.ResolversKnown && len(r.Reg.Resolvers) > 0 {
			regs = append(regs, r)
		}
	}
	return regs
}

// inLintedModule reports whether the package belongs to a module being
// linted (the main module, or one of a workspace), whose functions get
// Effect facts. The standard library has no module, and modules from the
// module cache have a version: their effects are left out (the table
// names the standard library's; a third-party client's internals are not
// what its caller asked for).
func inLintedModule(pass *analysis.Pass) bool {
	m := pass.Module
	return m != nil && m.Path != "" && m.Version == ""
}

// usesEffects reports whether the package refers to a function with a side
// effect: one of the table, or one with an Effect fact. A package that
// refers to none has no effectful function, and its SSA form is not
// needed.
func usesEffects(pass *analysis.Pass) bool {
	seen := make(map[*types.Func]bool)
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || seen[fn] {
			continue
		}
		seen[fn] = true
		if _, ok := knowledge.EffectOf(fn); ok {
			return true
		}
		if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn.Origin(), new(Effect)) {
			return true
		}
	}
	return false
}

type checker struct {
	pass    *analysis.Pass
	prog    *ssabuild.Program
	graph   *flow.Graph
	reacher *flow.Reacher
	rep     *suppress.Reporter
}

// importFact reads the Effect fact of a function of another package.
func (c *checker) importFact(fn *types.Func) (flow.Reach, bool) {
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return flow.Reach{}, false
	}
	f := new(Effect)
	if !c.pass.ImportObjectFact(fn, f) {
		return flow.Reach{}, false
	}
	return f.Reach, true
}

// name names a function of the package in messages and facts: a function
// literal by the function it is in.
func (c *checker) name(fn *ssa.Function) string { return flow.FuncName(fn) }

// runs returns the functions given to a call that runs them
// (knowledge.Invokers).
func runs(site ssa.CallInstruction) []*ssa.Function {
	fn := site.Common().StaticCallee()
	if fn == nil {
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	k, ok := knowledge.KeyOf(obj)
	if !ok {
		return nil
	}
	i, ok := knowledge.Invokers[k]
	args := params(site.Common(), obj)
	if !ok || i >= len(args) {
		return nil
	}
	arg := args[i]
	if conv, ok := arg.(*ssa.ChangeType); ok {
		arg = conv.X // a filepath.WalkFunc made from a function
	}
	switch arg := arg.(type) {
	case *ssa.Function:
		return []*ssa.Function{arg}
	case *ssa.MakeClosure:
		return []*ssa.Function{arg.Fn.(*ssa.Function)}
	}
	return nil
}

// params returns the arguments of cc that are fn's parameters: all but the
// receiver, which a call of a method passes first, and a call of a bound
// method value (f := file.Write; f(b)) holds in its closure.
func params(cc *ssa.CallCommon, fn *types.Func) []ssa.Value {
	if n := fn.Signature().Params().Len(); len(cc.Args) > n {
		return cc.Args[len(cc.Args)-n:]
	}
	return cc.Args
}

// sink returns the side effect of calling callee at site, from the table,
// if its condition holds there.
func (c *checker) sink(site ssa.CallInstruction, callee flow.Callee) (string, bool) {
	obj := callee.Obj
	if obj == nil {
		return "", false
	}
	e, ok := knowledge.EffectOf(obj)
	if !ok {
		return "", false
	}
	name := check.FuncName(obj.Origin())
	cc := site.Common()
	args := params(cc, obj)
	switch e.When {
	case knowledge.OnWriteFlag:
		if e.Arg >= len(args) || !writeFlag(obj.Pkg(), args[e.Arg]) {
			return "", false
		}
		name += " with a write flag"
	case knowledge.OnUnsafeMethod:
		if e.Arg >= len(args) {
			return "", false
		}
		method, ok := c.unsafeMethod(args[e.Arg])
		if !ok {
			return "", false
		}
		name += " with method " + method
	case knowledge.OnWritableFile:
		if len(args) == len(cc.Args) || !c.openedElsewhere(cc.Args[0], site.Parent()) {
			return "", false
		}
		name += onOpenFile
	}
	return sink(e.Kind, name), true
}

// onOpenFile ends the name of a write on a file opened elsewhere (a log or
// an audit trail the package keeps open).
const onOpenFile = " on a file opened for writing"

// writeFlag reports whether v is a constant open flag with a write bit,
// the bits read from the package os (which declares the opener).
func writeFlag(os *types.Package, v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	flag, ok := constant.Int64Val(constant.ToInt(k.Value))
	if !ok {
		return false
	}
	for _, name := range knowledge.OpenWriteFlags {
		bit, ok := os.Scope().Lookup(name).(*types.Const)
		if !ok {
			continue
		}
		if b, ok := constant.Int64Val(constant.ToInt(bit.Val())); ok && flag&b != 0 {
			return true
		}
	}
	return false
}

// unsafeMethod returns the method of the *http.Request req when one of the
// values it comes from is built by http.NewRequest or
// http.NewRequestWithContext (or copied from one by WithContext or Clone)
// with a constant method that is not safe.
func (c *checker) unsafeMethod(req ssa.Value) (string, bool) {
	seen := make(map[ssa.Value]bool)
	var visit func(v ssa.Value) (string, bool)
	visit = func(v ssa.Value) (string, bool) {
		for _, o := range c.graph.Origins(v) {
			if seen[o] {
				continue
			}
			seen[o] = true
			if alloc, ok := o.(*ssa.Alloc); ok {
				if m, ok := literalMethod(alloc); ok && !safeMethod(m) {
					return m, true
				}
				continue
			}
			if ex, ok := o.(*ssa.Extract); ok && ex.Index == 0 {
				o = ex.Tuple
			}
			call, ok := o.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil {
				continue
			}
			obj, ok := fn.Object().(*types.Func)
			if !ok {
				continue
			}
			k, ok := knowledge.KeyOf(obj)
			if !ok {
				continue
			}
			if i, ok := knowledge.HTTPRequestBuilders[k]; ok && i < len(call.Call.Args) {
				m, ok := call.Call.Args[i].(*ssa.Const)
				if ok && m.Value != nil && m.Value.Kind() == constant.String && !safeMethod(constant.StringVal(m.Value)) {
					return constant.StringVal(m.Value), true
				}
			}
			if knowledge.HTTPRequestCopiers[k] && len(call.Call.Args) > 0 {
				if m, ok := visit(call.Call.Args[0]); ok {
					return m, true
				}
			}
		}
		return "", false
	}
	return visit(req)
}

// literalMethod returns the method of an http.Request literal
// (&http.Request{Method: "DELETE", ...}): the constant its Method field is
// set to where it is built.
func literalMethod(alloc *ssa.Alloc) (string, bool) {
	t := knowledge.Pointee(alloc.Type()) // an Alloc is always a pointer
	if !knowledge.IsNamed(t, knowledge.HTTPRequest.Pkg, knowledge.HTTPRequest.Name) {
		return "", false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return "", false
	}
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || st.Field(fa.Field).Name() != knowledge.HTTPRequest.MethodField {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if store, ok := rr.(*ssa.Store); ok && store.Addr == fa {
				if k, ok := store.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
					return constant.StringVal(k.Value), true
				}
			}
		}
	}
	return "", false
}

func safeMethod(m string) bool {
	for _, s := range knowledge.SafeHTTPMethods {
		if strings.EqualFold(m, s) {
			return true
		}
	}
	return false
}

// openedElsewhere reports whether the *os.File f that a function of the
// package writes on comes from a call that opens a file for writing
// outside that function (a package variable opened at start-up, say). A
// file opened in the function itself is reported where it is opened.
func (c *checker) openedElsewhere(f ssa.Value, in *ssa.Function) bool {
	for _, o := range c.graph.Origins(f) {
		if ex, ok := o.(*ssa.Extract); ok && ex.Index == 0 {
			o = ex.Tuple
		}
		call, ok := o.(*ssa.Call)
		if !ok || flow.Outermost(call.Parent()) == flow.Outermost(in) {
			continue
		}
		callees, _ := c.graph.CalleesOf(call)
		for _, cl := range callees {
			if cl.Obj == nil || !returnsFile(cl.Obj) {
				continue
			}
			if _, ok := c.sink(call, cl); ok {
				return true
			}
		}
	}
	return false
}

// returnsFile reports whether fn's first result is an *os.File.
func returnsFile(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && knowledge.IsNamed(knowledge.Pointee(res.At(0).Type()), "os", "File")
}

// checkResolver reports the side effects of the resolver e of reg: a
// function literal, a function or method named there, or a variable
// whose value the flow layer traces to such functions.
func (c *checker) checkResolver(reg *gotypes.Result, e ast.Expr) {
	if lit, ok := e.(*ast.FuncLit); ok {
		c.checkBody(c.prog.Func(lit), c.literalName(reg))
		return
	}
	if obj := check.FuncOf(c.pass.TypesInfo, e); obj != nil {
		c.checkFunc(reg, e, obj)
		return
	}
	encl := c.enclosing(reg.Reg.Call.Pos())
	if encl == nil {
		return
	}
	v := c.graph.Value(encl, e)
	if v == nil {
		return
	}
	for _, o := range c.graph.Origins(v) {
		var fn *ssa.Function
		switch o := o.(type) {
		case *ssa.Function:
			fn = o
		case *ssa.MakeClosure:
			fn = o.Fn.(*ssa.Function)
		default:
			continue
		}
		if fn.Parent() != nil {
			c.checkBody(fn, c.literalName(reg))
		} else if obj, ok := fn.Object().(*types.Func); ok {
			c.checkFunc(reg, e, obj)
		}
	}
}

// literalName names a function literal resolver of reg in messages.
func (c *checker) literalName(reg *gotypes.Result) string {
	name := check.FuncLiteral
	if tool := gotypes.ParseTool(c.pass.TypesInfo, reg.Reg.SDK, reg.Reg.Tool).Name; tool != "" {
		name += " of " + reg.Reg.Method.Noun() + ` "` + tool + `"`
	}
	return name
}

// checkFunc reports the side effects of the declared function or method
// obj, a resolver of reg named at e.
func (c *checker) checkFunc(reg *gotypes.Result, e ast.Expr, obj *types.Func) {
	name := check.FuncName(obj)
	if obj.Pkg() != c.pass.Pkg {
		// Declared in another package: its body is not here, so the
		// registration that names it is the place to report.
		if s, ok := c.importFact(obj); ok {
			c.report(e, name, s, 1)
		}
		return
	}
	c.checkBody(c.prog.Pkg.Prog.FuncValue(obj), name)
}

// enclosing returns the declared function of the package whose body holds
// pos, or nil.
func (c *checker) enclosing(pos token.Pos) *ssa.Function {
	for _, fn := range c.prog.Funcs {
		if syn := fn.Syntax(); fn.Parent() == nil && syn != nil && syn.Pos() <= pos && pos < syn.End() {
			return fn
		}
	}
	return nil
}

// checkBody reports the side effects in the body of the resolver fn.
func (c *checker) checkBody(fn *ssa.Function, name string) {
	if fn == nil {
		return
	}
	// A function literal of the body that a call runs is part of the body:
	// its calls are reported where they are, not at the call that runs it.
	inBody := func(anon *ssa.Function) bool { return within(anon, fn) }
	for _, body := range c.body(fn, inBody) {
		flow.Instrs(body, func(instr ssa.Instruction) {
			site, ok := instr.(ssa.CallInstruction)
			if !ok {
				return
			}
			if s, ok := c.reacher.CallSkipping(site, inBody); ok {
				c.report(site, name, s, 0)
			}
		})
	}
}

// body returns fn and the function literals of it that run when it does:
// called, deferred, started or given to an invoker by fn or by one of
// them.
func (c *checker) body(fn *ssa.Function, inBody func(*ssa.Function) bool) []*ssa.Function {
	funcs := []*ssa.Function{fn}
	seen := map[*ssa.Function]bool{fn: true}
	for i := 0; i < len(funcs); i++ {
		flow.Instrs(funcs[i], func(instr ssa.Instruction) {
			site, ok := instr.(ssa.CallInstruction)
			if !ok {
				return
			}
			for _, t := range c.reacher.Targets(site) {
				if t.Func != nil && inBody(t.Func) && !seen[t.Func] {
					seen[t.Func] = true
					funcs = append(funcs, t.Func)
				}
			}
		})
	}
	return funcs
}

// within reports whether anon is a function literal inside fn.
func within(anon, fn *ssa.Function) bool {
	for p := anon.Parent(); p != nil; p = p.Parent() {
		if p == fn {
			return true
		}
	}
	return false
}

// report reports the effect s of resolver at n; skip is how many of the
// first functions of s.Via are the resolver itself.
func (c *checker) report(n interface{ Pos() token.Pos }, resolver string, s flow.Reach, skip int) {
	effect, how := describe(s, skip)
	c.rep.Report(analysis.Diagnostic{Pos: n.Pos(), Category: Category, Message: rules.ResolvePureMessage(resolver, effect, how)})
}
