package resolvepure

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/fixpoint"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/mcpapi"
	"github.com/mcplint/mcplint/analyzers/internal/registration"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports side effects in resolver bodies.
var Analyzer = &analysis.Analyzer{
	Name:      string(rules.ResolvePure),
	Doc:       analysisdoc.MustExtract(doc, "resolvepure"),
	URL:       "https://github.com/mcplint/mcplint/blob/main/docs/checks/resolvepure.md",
	Requires:  []*analysis.Analyzer{registrations.Analyzer, suppress.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Effect)},
}

// Category of findings.
const Category = "effect"

// Effect is the fact that calling a function performs a side effect,
// directly or through the functions it calls.
type Effect struct {
	Kind knowledge.EffectKind
	Call string // the call that performs it: "os.Remove", "os.OpenFile with a write flag"
	Via  string // the function it calls to reach Call, or "" if it calls Call itself
}

func (*Effect) AFact() {}

func (e *Effect) String() string { return "effect(" + string(e.Kind) + ": " + e.Call + ")" }

// through returns the effect as performed by a call of fn, named name.
func (e *Effect) through(name string) *Effect {
	return &Effect{Kind: e.Kind, Call: e.Call, Via: name}
}

// describe renders the effect for a message: "os.Remove" or "os.Remove,
// through a.purge".
func (e *Effect) describe() string {
	if e.Via == "" {
		return e.Call
	}
	return e.Call + ", through " + e.Via
}

func run(pass *analysis.Pass) (any, error) {
	if mcpapi.InAPIModule(pass.Pkg.Path()) {
		return nil, nil
	}
	regs := resolverRegistrations(pass)
	summarize := inLintedModule(pass)
	if len(regs) == 0 && !(summarize && usesEffects(pass)) {
		return nil, nil
	}
	pkg, funcs := ssabuild.Build(pass, 0)
	c := &checker{
		pass:     pass,
		pkg:      pkg,
		rep:      suppress.New(pass),
		reported: make(map[token.Pos]bool),
	}
	c.collectGlobals(funcs)
	c.summaries = fixpoint.Facts(funcs, func(fn *ssa.Function, known map[*ssa.Function]*Effect) (*Effect, bool) {
		c.known = known
		for _, call := range calls(fn) {
			if e := c.effectOf(call, none); e != nil {
				return e, true
			}
		}
		return nil, false
	})
	c.known = c.summaries
	if summarize && pass.Pkg.Name() != "main" {
		for _, fn := range funcs {
			if e := c.summaries[fn]; e != nil {
				// Other packages can call only exported names.
				if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
					pass.ExportObjectFact(obj, e)
				}
			}
		}
	}
	lits := make(map[*ast.FuncLit]*ssa.Function)
	for _, fn := range funcs {
		if lit, ok := fn.Syntax().(*ast.FuncLit); ok {
			lits[lit] = fn
		}
	}
	for _, reg := range regs {
		for _, e := range reg.Reg.Resolvers {
			c.checkResolver(reg, ast.Unparen(e), lits)
		}
	}
	return nil, nil
}

// resolverRegistrations returns the registrations of the package whose
// resolvers are known.
func resolverRegistrations(pass *analysis.Pass) []*registration.Result {
	var regs []*registration.Result
	for _, r := range pass.ResultOf[registrations.Analyzer].(*registrations.Result).Registrations {
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
// effect: one of the table, or one with an Effect fact.
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
	pass *analysis.Pass
	pkg  *ssa.Package
	rep  *suppress.Reporter
	// known holds the effects of the package's functions: those found so
	// far while the summaries are computed, then all of them.
	known     map[*ssa.Function]*Effect
	summaries map[*ssa.Function]*Effect
	// stores lists, for each package-level variable, the values stored
	// into it.
	stores   map[*ssa.Global][]ssa.Value
	reported map[token.Pos]bool
}

// collectGlobals records the values stored into package-level variables,
// for the files they hold.
func (c *checker) collectGlobals(funcs []*ssa.Function) {
	c.stores = make(map[*ssa.Global][]ssa.Value)
	visit := func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok {
						c.stores[g] = append(c.stores[g], st.Val)
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		visit(fn)
	}
	if init := c.pkg.Func("init"); init != nil {
		visit(init)
	}
}

// calls returns the call instructions of fn (calls, go and defer
// statements), in order.
func calls(fn *ssa.Function) []ssa.CallInstruction {
	var cs []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				cs = append(cs, call)
			}
		}
	}
	return cs
}

// callee returns the function a call calls, if it is known statically:
// for an instantiation, its generic function; for the wrapper of a method
// value or expression (f := a.archive), the method.
func callee(call ssa.CallInstruction) *ssa.Function {
	fn := call.Common().StaticCallee()
	if fn == nil {
		return nil
	}
	if fn.Synthetic != "" {
		if obj, ok := fn.Object().(*types.Func); ok {
			if m := fn.Prog.FuncValue(obj); m != nil {
				fn = m
			}
		}
	}
	if fn.Blocks == nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn
}

// targets returns the functions that run when call runs: its static
// callee, and the functions it is given to call (knowledge.Invokers).
func targets(call ssa.CallInstruction) []*ssa.Function {
	fn := callee(call)
	if fn == nil {
		return nil
	}
	fns := []*ssa.Function{fn}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return fns
	}
	k, ok := knowledge.KeyOf(obj)
	if !ok {
		return fns
	}
	i, ok := knowledge.Invokers[k]
	if !ok {
		return fns
	}
	args := params(call.Common(), obj)
	if i < len(args) {
		arg := args[i]
		if conv, ok := arg.(*ssa.ChangeType); ok {
			arg = conv.X // a filepath.WalkFunc made from a function
		}
		switch arg := arg.(type) {
		case *ssa.Function:
			fns = append(fns, arg)
		case *ssa.MakeClosure:
			fns = append(fns, arg.Fn.(*ssa.Function))
		}
	}
	return fns
}

// effectOf returns the side effect that call performs, directly or
// through the functions it runs, or nil. skip(fn) leaves out a function
// that it runs.
func (c *checker) effectOf(call ssa.CallInstruction, skip func(*ssa.Function) bool) *Effect {
	fns := targets(call)
	if len(fns) == 0 {
		return nil
	}
	if e := c.direct(call, fns[0]); e != nil {
		return e
	}
	for _, fn := range fns {
		if skip(fn) {
			continue
		}
		if e := c.known[fn]; e != nil {
			if fn.Parent() != nil {
				return e // a function literal is part of the function it is in
			}
			return e.through(c.name(fn))
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
			continue
		}
		f := new(Effect)
		if c.pass.ImportObjectFact(obj.Origin(), f) {
			return f.through(registration.FuncName(obj.Origin()))
		}
	}
	return nil
}

func none(*ssa.Function) bool { return false }

// name names a function of the package in messages.
func (c *checker) name(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return registration.FuncName(obj)
	}
	return fn.Name()
}

// direct returns the effect of a call of fn from the table, if its
// condition holds at call.
func (c *checker) direct(call ssa.CallInstruction, fn *ssa.Function) *Effect {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	e, ok := knowledge.EffectOf(obj)
	if !ok {
		return nil
	}
	name := registration.FuncName(obj.Origin())
	cc := call.Common()
	args := params(cc, obj)
	switch e.When {
	case knowledge.OnWriteFlag:
		if e.Arg >= len(args) || !writeFlag(obj.Pkg(), args[e.Arg]) {
			return nil
		}
		name += " with a write flag"
	case knowledge.OnUnsafeMethod:
		if e.Arg >= len(args) {
			return nil
		}
		method, ok := requestMethod(args[e.Arg], nil)
		if !ok || safeMethod(method) {
			return nil
		}
		name += " with method " + method
	case knowledge.OnWritableFile:
		if len(args) == len(cc.Args) || !c.openedElsewhere(cc.Args[0], nil) {
			return nil
		}
		name += " on a file opened for writing"
	}
	return &Effect{Kind: e.Kind, Call: name}
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

// requestMethod returns the method of the *http.Request v, when v is built
// in the function by http.NewRequest or http.NewRequestWithContext with a
// constant method (on every path, through phi nodes and WithContext).
func requestMethod(v ssa.Value, seen map[ssa.Value]bool) (string, bool) {
	if seen[v] {
		return "", false
	}
	if seen == nil {
		seen = make(map[ssa.Value]bool)
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Extract:
		call, ok := v.Tuple.(*ssa.Call)
		if !ok || v.Index != 0 {
			return "", false
		}
		return requestMethod(call, seen)
	case *ssa.Call:
		fn := v.Common().StaticCallee()
		if fn == nil {
			return "", false
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return "", false
		}
		k, ok := knowledge.KeyOf(obj)
		if !ok {
			return "", false
		}
		if i, ok := knowledge.HTTPRequestBuilders[k]; ok {
			if i >= len(v.Call.Args) {
				return "", false
			}
			m, ok := v.Call.Args[i].(*ssa.Const)
			if !ok || m.Value == nil || m.Value.Kind() != constant.String {
				return "", false
			}
			return constant.StringVal(m.Value), true
		}
		if knowledge.HTTPRequestCopiers[k] && len(v.Call.Args) > 0 {
			return requestMethod(v.Call.Args[0], seen)
		}
	case *ssa.Phi:
		method := ""
		for _, edge := range v.Edges {
			m, ok := requestMethod(edge, seen)
			if !ok || method != "" && m != method {
				return "", false
			}
			method = m
		}
		return method, method != ""
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

// openedElsewhere reports whether the *os.File v is opened for writing
// outside the function that writes on it: it is a package-level variable
// every stored value of which comes from a call that opens a file for
// writing. (A file opened in the function itself is reported where it is
// opened.)
func (c *checker) openedElsewhere(v ssa.Value, seen map[*ssa.Global]bool) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || seen[g] || len(c.stores[g]) == 0 {
		return false
	}
	if seen == nil {
		seen = make(map[*ssa.Global]bool)
	}
	seen[g] = true
	for _, val := range c.stores[g] {
		if !c.opensForWriting(val) && !c.openedElsewhere(val, seen) {
			return false
		}
	}
	return true
}

// opensForWriting reports whether v is the file result of a call that
// opens a file for writing.
func (c *checker) opensForWriting(v ssa.Value) bool {
	ex, ok := v.(*ssa.Extract)
	if ok {
		if ex.Index != 0 {
			return false
		}
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := callee(call)
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || !returnsFile(obj) {
		return false
	}
	return c.direct(call, fn) != nil
}

// returnsFile reports whether fn's first result is an *os.File.
func returnsFile(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	p, ok := types.Unalias(res.At(0).Type()).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// checkResolver reports the side effects of the resolver e of reg.
func (c *checker) checkResolver(reg *registration.Result, e ast.Expr, lits map[*ast.FuncLit]*ssa.Function) {
	name := registration.Name(c.pass.TypesInfo, e)
	var fn *ssa.Function
	if lit, ok := e.(*ast.FuncLit); ok {
		fn = lits[lit]
		if tool := mcpapi.ParseTool(c.pass.TypesInfo, reg.Reg.Tool).Name; tool != "" {
			name += " of " + reg.Reg.Method.Noun() + " " + quote(tool)
		}
	} else {
		obj := mcpapi.FuncOf(c.pass.TypesInfo, e)
		if obj == nil {
			return
		}
		if obj.Pkg() != c.pass.Pkg {
			// Declared in another package: its body is not here, so the
			// registration that names it is the place to report.
			f := new(Effect)
			if c.pass.ImportObjectFact(obj, f) {
				c.report(e.Pos(), name, f)
			}
			return
		}
		fn = c.pkg.Prog.FuncValue(obj)
	}
	if fn == nil {
		return
	}
	inBody := func(anon *ssa.Function) bool { return isWithin(anon, fn) }
	for _, body := range c.body(fn) {
		for _, call := range calls(body) {
			// A function literal of the body that the call runs is part of
			// the body: its calls are reported where they are.
			if eff := c.effectOf(call, inBody); eff != nil {
				c.report(call.Pos(), name, eff)
			}
		}
	}
}

// body returns fn and the function literals inside it that run when it
// does: called, deferred, started or given to an invoker by fn or by one
// of them.
func (c *checker) body(fn *ssa.Function) []*ssa.Function {
	funcs := []*ssa.Function{fn}
	seen := map[*ssa.Function]bool{fn: true}
	for i := 0; i < len(funcs); i++ {
		for _, call := range calls(funcs[i]) {
			for _, anon := range targets(call) {
				if isWithin(anon, fn) && !seen[anon] {
					seen[anon] = true
					funcs = append(funcs, anon)
				}
			}
		}
	}
	return funcs
}

// isWithin reports whether anon is a function literal inside fn.
func isWithin(anon, fn *ssa.Function) bool {
	for p := anon.Parent(); p != nil; p = p.Parent() {
		if p == fn {
			return true
		}
	}
	return false
}

func quote(s string) string { return `"` + s + `"` }

func (c *checker) report(pos token.Pos, resolver string, e *Effect) {
	if c.reported[pos] {
		return
	}
	c.reported[pos] = true
	c.rep.Report(analysis.Diagnostic{Pos: pos, Category: Category, Message: rules.ResolvePureMessage(resolver, string(e.Kind), e.describe())})
}
