// Package registration mirrors, on go/types, the checks that
// runtime/resolve makes at registration (compile in register.go): given a
// call of resolve.AddTool whose handler and resolvers are statically known,
// it lists every rule the runtime would enforce, in the runtime's order,
// each tagged with the runtime's rule id. The analyzers resolvegraph,
// resolvemix and elicitbase each report the findings of their own rule.
package registration

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/analyzers/internal/mcpapi"
)

// Rule ids, as in runtime/resolve.
const (
	RuleResolveMix   = "resolvemix"
	RuleElicitBase   = "elicitbase"
	RuleResolveGraph = "resolvegraph"
)

// Categories of resolvegraph findings.
const (
	CatHandler     = "handler-signature"
	CatResolver    = "resolver-signature"
	CatReserved    = "reserved-type"
	CatDuplicate   = "duplicate-provider"
	CatParam       = "parameter-kind"
	CatMissing     = "missing-provider"
	CatCycle       = "cycle"
	CatUnused      = "unused-resolver"
	CatBudget      = "round-budget"
	CatInputSchema = "input-schema"
	CatOutSchema   = "output-schema"
	CatInputKey    = "input-key"
	// CatDeclared is the category of the resolvemix finding.
	CatDeclared = "declared"
	// CatAnswer is the category of the elicitbase finding.
	CatAnswer = "answer-type"
)

// A Finding is one rule that registration would enforce.
type Finding struct {
	Rule     string
	Category string
	Node     ast.Expr // the argument of the call to report at
	Message  string
}

// A Result is what Check found at one registration.
type Result struct {
	// Known reports whether the handler and resolvers are statically
	// known; if not, there are no findings.
	Known bool
	// Tool is the tool's name, or "".
	Tool     string
	Findings []Finding
	// Handler is the handler argument, and HandlerOK reports whether its
	// signature is valid.
	Handler   ast.Expr
	HandlerOK bool
	// IsResolved reports whether the handler has resolved parameters (at
	// least one that a resolver provides), as the runtime's isResolved.
	IsResolved bool
	// Out is the handler's result type when HandlerOK.
	Out types.Type
}

// Check mirrors the runtime's registration of reg. budget is the round
// budget of the runtime that registers the tool; 0 means unknown, and the
// chain length is not checked.
//
// files are the files of the package; an InputKey method declared there
// with a constant result is read from them, so that empty and duplicate wire
// keys are found. Keys chosen in other packages are not known.
func Check(info *types.Info, pkg *types.Package, files []*ast.File, reg *mcpapi.Registration, budget int) *Result {
	r := &Result{Handler: reg.Handler}
	if !reg.ResolversKnown {
		return r
	}
	for _, e := range append([]ast.Expr{reg.Handler}, reg.Resolvers...) {
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil {
			return r
		}
		if tv.IsNil() {
			continue
		}
		if _, iface := tv.Type.Underlying().(*types.Interface); iface {
			return r // its dynamic type is unknown
		}
	}
	r.Known = true
	tool := mcpapi.ParseTool(info, reg.Tool)
	r.Tool = tool.Name
	c := &compiler{info: info, qual: mcpapi.Qualifier(pkg), reg: reg, res: r, budget: budget, files: files, keys: map[string]string{}}
	c.compile(tool)
	return r
}

type argKind int

const (
	argContext argKind = iota
	argRequest
	argInput
	argValue
	argOutcome
)

type arg struct {
	kind argKind
	node int
}

type node struct {
	name      string
	expr      ast.Expr
	provides  types.Type
	eliciting bool
	sig       *types.Signature
	args      []arg
}

type compiler struct {
	info   *types.Info
	qual   types.Qualifier
	reg    *mcpapi.Registration
	res    *Result
	budget int
	files  []*ast.File
	keys   map[string]string // wire key -> resolver name, for keys known statically

	in, out   types.Type
	args      []arg
	providers []types.Type // parallel to raw
	raw       []*node
}

func (c *compiler) fail(rule, cat string, at ast.Expr, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if c.res.Tool != "" {
		msg = fmt.Sprintf("tool %q: %s", c.res.Tool, msg)
	}
	c.res.Findings = append(c.res.Findings, Finding{Rule: rule, Category: cat, Node: at, Message: msg})
}

func (c *compiler) typ(t types.Type) string { return types.TypeString(t, c.qual) }

// Name names a function argument for messages.
func Name(e ast.Expr) string {
	if _, ok := ast.Unparen(e).(*ast.FuncLit); ok {
		return "func literal"
	}
	return types.ExprString(ast.Unparen(e))
}

const wantHandler = "want func(context.Context, *mcp.CallToolRequest, In, resolved...) (Out, error)"

func (c *compiler) compile(tool mcpapi.ToolLiteral) {
	h := c.reg.Handler
	hname := Name(h)
	tv := c.info.Types[h]
	if tv.IsNil() {
		c.fail(RuleResolveGraph, CatHandler, h, "handler is nil, not a function")
		return
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	if !ok {
		c.fail(RuleResolveGraph, CatHandler, h, "handler %s has type %s, not a function type", hname, c.typ(tv.Type))
		return
	}
	if why := c.handlerShape(sig); why != "" {
		c.fail(RuleResolveGraph, CatHandler, h, "handler %s has signature %s: %s; %s", hname, c.typ(sig), why, wantHandler)
		return
	}
	c.res.HandlerOK = true
	c.in = sig.Params().At(2).Type()
	c.out = sig.Results().At(0).Type()
	c.res.Out = c.out

	c.collectResolvers()
	for i := 3; i < sig.Params().Len(); i++ {
		if a, ok := c.resolvedArg(sig.Params().At(i), "handler "+hname, h); ok {
			c.args = append(c.args, a)
			c.res.IsResolved = true
		}
	}
	for _, n := range c.raw {
		for i := 0; i < n.sig.Params().Len(); i++ {
			if a, ok := c.param(n.sig.Params().At(i), "resolver "+n.name, n.expr); ok {
				n.args = append(n.args, a)
			}
		}
	}
	if c.res.IsResolved && mcpapi.CanCarryInputRequired(c.out) {
		c.fail(RuleResolveMix, CatDeclared, h,
			"handler %s has resolved parameters and returns %s, which can carry an input-required result: "+
				"a call has one input_required channel, so the flow is driven either by resolvers or by the tool body, not both",
			hname, c.typ(c.out))
	}
	c.sortAndCheckGraph()
	c.checkSchemas(tool)
}

// handlerShape says what is wrong with a handler's signature, or "".
func (c *compiler) handlerShape(sig *types.Signature) string {
	p, r := sig.Params(), sig.Results()
	switch {
	case sig.Variadic():
		return "it is variadic"
	case p.Len() < 3:
		return fmt.Sprintf("it has %d parameters, fewer than 3", p.Len())
	case !mcpapi.IsContext(p.At(0).Type()):
		return fmt.Sprintf("its first parameter has type %s, not context.Context", c.typ(p.At(0).Type()))
	case !mcpapi.IsCallToolRequest(p.At(1).Type()):
		return fmt.Sprintf("its second parameter has type %s, not *mcp.CallToolRequest", c.typ(p.At(1).Type()))
	case r.Len() != 2:
		return fmt.Sprintf("it has %d results, not 2", r.Len())
	case !mcpapi.IsError(r.At(1).Type()):
		return fmt.Sprintf("its second result has type %s, not error", c.typ(r.At(1).Type()))
	}
	return ""
}

func (c *compiler) collectResolvers() {
	for _, e := range c.reg.Resolvers {
		name := Name(e)
		tv := c.info.Types[e]
		if tv.IsNil() {
			c.fail(RuleResolveGraph, CatResolver, e, "resolver nil is not a function")
			continue
		}
		sig, ok := tv.Type.Underlying().(*types.Signature)
		if !ok {
			c.fail(RuleResolveGraph, CatResolver, e, "resolver %s has type %s, not a function type", name, c.typ(tv.Type))
			continue
		}
		if r := sig.Results(); sig.Variadic() || r.Len() != 2 || !mcpapi.IsError(r.At(1).Type()) {
			why := "it is variadic"
			switch {
			case r.Len() != 2:
				why = fmt.Sprintf("it has %d results, not 2", r.Len())
			case !mcpapi.IsError(r.At(1).Type()):
				why = fmt.Sprintf("its second result has type %s, not error", c.typ(r.At(1).Type()))
			}
			c.fail(RuleResolveGraph, CatResolver, e, "resolver %s has signature %s: %s; want func(params...) (T, error) or (resolve.Elicit[T], error)",
				name, c.typ(sig), why)
			continue
		}
		n := &node{name: name, expr: e, sig: sig, provides: sig.Results().At(0).Type()}
		if t, ok := mcpapi.ElicitArg(n.provides); ok {
			n.eliciting = true
			n.provides = t
			if why := mcpapi.FormProblem(t); why != "" {
				c.fail(RuleElicitBase, CatAnswer, e,
					"resolver %s returns resolve.Elicit[%s]: %s has no static form schema (%s); ask with an explicit schema through resolve.Elicit[resolve.Form] and resolve.AskForm",
					name, c.typ(t), c.typ(t), why)
			}
		}
		if why := c.unprovidable(n.provides); why != "" {
			c.fail(RuleResolveGraph, CatReserved, e, "resolver %s provides %s, %s", name, c.typ(n.provides), why)
			continue
		}
		if prev := c.provider(n.provides); prev >= 0 {
			c.fail(RuleResolveGraph, CatDuplicate, e, "resolvers %s and %s both provide %s; each type needs exactly one provider",
				c.raw[prev].name, name, c.typ(n.provides))
			continue
		}
		c.checkInputKey(n)
		c.providers = append(c.providers, n.provides)
		c.raw = append(c.raw, n)
	}
}

// checkInputKey mirrors the runtime's check of a wire key chosen by an
// InputKey method of the provided type: it must not be empty, and no two
// resolvers of a tool may share one. Only a method of this package whose
// body returns a constant is read.
func (c *compiler) checkInputKey(n *node) {
	obj, _, _ := types.LookupFieldOrMethod(n.provides, false, nil, "InputKey")
	fn, ok := obj.(*types.Func)
	if !ok {
		return
	}
	key, known := c.constantResult(fn)
	switch {
	case !known:
	case key == "":
		c.fail(RuleResolveGraph, CatInputKey, n.expr, "%s.InputKey returns an empty key", c.typ(n.provides))
	case c.keys[key] != "":
		c.fail(RuleResolveGraph, CatInputKey, n.expr, "resolvers %s and %s both ask under the key %q", c.keys[key], n.name, key)
	default:
		c.keys[key] = n.name
	}
}

// constantResult returns the constant string that fn, declared in one of
// c.files, returns, if its body is a single return of a constant.
func (c *compiler) constantResult(fn *types.Func) (string, bool) {
	for _, f := range c.files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || c.info.Defs[decl.Name] != fn || len(decl.Body.List) != 1 {
				continue
			}
			ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				return "", false
			}
			if tv := c.info.Types[ret.Results[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
			return "", false
		}
	}
	return "", false
}

func (c *compiler) provider(t types.Type) int {
	for i, p := range c.providers {
		if types.Identical(p, t) {
			return i
		}
	}
	return -1
}

func (c *compiler) unprovidable(t types.Type) string {
	switch {
	case mcpapi.IsContext(t), mcpapi.IsCallToolRequest(t), types.Identical(t, c.in):
		return "which the engine supplies itself"
	case mcpapi.IsError(t):
		return "which is reserved for errors"
	}
	if _, ok := mcpapi.ElicitArg(t); ok {
		return "which is not a value type"
	}
	if _, ok := mcpapi.OutcomeArg(t); ok {
		return "which is not a value type"
	}
	return ""
}

func (c *compiler) param(v *types.Var, where string, at ast.Expr) (arg, bool) {
	t := v.Type()
	switch {
	case mcpapi.IsContext(t):
		return arg{kind: argContext}, true
	case mcpapi.IsCallToolRequest(t):
		return arg{kind: argRequest}, true
	case types.Identical(t, c.in):
		return arg{kind: argInput}, true
	}
	return c.resolvedArg(v, where, at)
}

func paramName(v *types.Var) string {
	if v.Name() == "" || v.Name() == "_" {
		return "a parameter"
	}
	return "parameter " + v.Name()
}

func (c *compiler) resolvedArg(v *types.Var, where string, at ast.Expr) (arg, bool) {
	t := v.Type()
	kind, want := argValue, t
	if _, ok := mcpapi.ElicitArg(t); ok {
		c.fail(RuleResolveGraph, CatParam, at, "%s has %s of type %s, which is a resolver result, not a value", where, paramName(v), c.typ(t))
		return arg{}, false
	} else if vt, ok := mcpapi.OutcomeArg(t); ok {
		kind, want = argOutcome, vt
	} else if mcpapi.IsContext(t) || mcpapi.IsCallToolRequest(t) || types.Identical(t, c.in) {
		c.fail(RuleResolveGraph, CatParam, at, "%s has %s of type %s after the input; only resolved values may follow it", where, paramName(v), c.typ(t))
		return arg{}, false
	}
	i := c.provider(want)
	if i < 0 {
		c.fail(RuleResolveGraph, CatMissing, at, "%s has %s of type %s, and no resolver provides %s", where, paramName(v), c.typ(t), c.typ(want))
		return arg{}, false
	}
	return arg{kind: kind, node: i}, true
}

func (c *compiler) sortAndCheckGraph() {
	const (
		unvisited = iota
		visiting
		done
	)
	state := make([]int, len(c.raw))
	depth := make([]int, len(c.raw))
	var stack []int
	var visit func(i int) bool
	visit = func(i int) bool {
		switch state[i] {
		case done:
			return true
		case visiting:
			var names []string
			for _, j := range stack[slices.Index(stack, i):] {
				names = append(names, c.raw[j].name)
			}
			names = append(names, c.raw[i].name)
			c.fail(RuleResolveGraph, CatCycle, c.raw[i].expr, "resolvers form a cycle: %s", strings.Join(names, " -> "))
			return false
		}
		state[i] = visiting
		stack = append(stack, i)
		ok := true
		for _, a := range c.raw[i].args {
			if a.kind == argValue || a.kind == argOutcome {
				if !visit(a.node) {
					ok = false
					break
				}
				depth[i] = max(depth[i], depth[a.node])
			}
		}
		stack = stack[:len(stack)-1]
		if !ok {
			return false
		}
		if c.raw[i].eliciting {
			depth[i]++
		}
		state[i] = done
		return true
	}
	deepest := -1
	for _, a := range c.args {
		if a.kind == argValue || a.kind == argOutcome {
			if !visit(a.node) {
				return
			}
			if deepest < 0 || depth[a.node] > depth[deepest] {
				deepest = a.node
			}
		}
	}
	if c.budget > 0 && deepest >= 0 && depth[deepest] > c.budget {
		n := c.raw[deepest]
		c.fail(RuleResolveGraph, CatBudget, n.expr,
			"resolver %s ends a chain of %d dependent questions, more than the client's round budget of %d: the call can never finish",
			n.name, depth[deepest], c.budget)
	}
	for i, n := range c.raw {
		if state[i] == unvisited {
			c.fail(RuleResolveGraph, CatUnused, n.expr, "resolver %s provides %s, which neither the handler nor another resolver uses", n.name, c.typ(n.provides))
		}
	}
}

// checkSchemas mirrors buildSchemas: registration infers the input and
// output schemas unless the tool literal sets them. Nothing is known of a
// tool that is not written as a literal in the call.
func (c *compiler) checkSchemas(tool mcpapi.ToolLiteral) {
	if !tool.Literal {
		return
	}
	h := c.reg.Handler
	if !tool.InputSchema {
		if why := mcpapi.InputSchemaProblem(c.in); why != "" {
			c.fail(RuleResolveGraph, CatInputSchema, h, "handler %s has input type %s, which %s", Name(h), c.typ(c.in), why)
			return
		}
	}
	if !tool.OutputSchema {
		if why := mcpapi.OutputSchemaProblem(c.out); why != "" {
			c.fail(RuleResolveGraph, CatOutSchema, h, "handler %s has result type %s, which %s", Name(h), c.typ(c.out), why)
		}
	}
}
