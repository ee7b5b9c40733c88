// Package gotypes is the rule core's (internal/rules) go/types adapter,
// whole: it reads a registration call (register.go), describes the
// registration to the core, answers the core's questions about types with
// go/types (this file, and schema.go for the form and schema rules, a
// mirror of jsonschema-go's failures), spells types as the runtime does
// (names.go), and returns the core's findings, each at the argument it is
// about. The runtime is the core's other adapter
// (runtime/internal/engine/compile.go and types.go), so the two halves find the same mistakes,
// in the same order, with the same words.
package gotypes

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/internal/rules"
)

// A Finding is one rule that registration would enforce.
type Finding struct {
	Rule     rules.Rule
	Category rules.Kind
	Node     ast.Expr // the argument of the call to report at
	Message  string   // prefixed with the tool's name when it is known
}

// A Result is what Check found at one registration.
type Result struct {
	Reg *Registration
	// Known reports whether the handler and resolvers are statically
	// known; if not, there are no findings.
	Known bool
	// Tool is the tool's or prompt's name, or the resource's URI or URI
	// template, or "".
	Tool     string
	Findings []Finding
	// HandlerOK reports whether the handler's signature is valid.
	HandlerOK bool
	// IsResolved reports whether the handler has resolved parameters (at
	// least one that a resolver provides), as the runtime's isResolved.
	IsResolved bool
	// Out is the handler's result type when HandlerOK.
	Out types.Type
}

// Check checks reg as the runtime's registration would. budget is the
// round budget of the runtime that registers the tool; 0 means unknown,
// and the chain length is not checked.
//
// files are the files of the package; an InputKey method declared there
// with a constant result is read from them, so that empty and shared wire
// keys are found. Keys chosen in other packages are not known.
func Check(info *types.Info, files []*ast.File, reg *Registration, budget int) *Result {
	r := &Result{Reg: reg}
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
	tool := ParseTool(info, reg.SDK, reg.Tool)
	r.Tool = tool.Name
	ts := &goTypes{FormTypes: FormTypes{SDK: reg.SDK}, info: info, files: files}
	creg := &rules.Registration[types.Type]{
		Method:      reg.Method,
		SDK:         reg.SDK,
		Tool:        tool.Name,
		Handler:     describe(info, reg.Handler),
		Budget:      budget,
		InferInput:  tool.Literal && !tool.InputSchema,
		InferOutput: tool.Literal && !tool.OutputSchema,
	}
	for _, e := range reg.Resolvers {
		creg.Resolvers = append(creg.Resolvers, describe(info, e))
	}
	plan := rules.Check[types.Type](ts, creg)
	for _, f := range plan.Findings {
		msg := f.Msg
		if r.Tool != "" {
			msg = fmt.Sprintf("%s %q: %s", reg.Method.Noun(), r.Tool, msg)
		}
		r.Findings = append(r.Findings, Finding{Rule: f.Rule, Category: f.Kind, Node: f.At.(ast.Expr), Message: msg})
	}
	r.HandlerOK, r.IsResolved, r.Out = plan.HandlerOK, plan.Resolved, plan.Out
	return r
}

// describe describes a handler or resolver argument for the rule core.
func describe(info *types.Info, e ast.Expr) rules.Func[types.Type] {
	tv := info.Types[e]
	if tv.IsNil() {
		return rules.Func[types.Type]{Nil: true, At: e}
	}
	f := rules.Func[types.Type]{Name: Name(info, e), Type: tv.Type, At: e}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	if !ok {
		return f
	}
	f.IsFunc, f.Variadic = true, sig.Variadic()
	for v := range sig.Params().Variables() {
		f.Params = append(f.Params, v.Type())
	}
	for v := range sig.Results().Variables() {
		f.Results = append(f.Results, v.Type())
	}
	return f
}

// Name names a function argument for messages as the runtime names the
// function it gets (runtime.FuncForPC, without the import path):
// "pkg.Func", "pkg.Func[...]" for an instantiation, "pkg.Type.Method" or
// "pkg.(*Type).Method" for a method. A function literal is "func literal";
// any other expression is named by its source.
func Name(info *types.Info, e ast.Expr) string {
	e = ast.Unparen(e)
	if _, ok := e.(*ast.FuncLit); ok {
		return check.FuncLiteral
	}
	fn := check.FuncOf(info, e)
	if fn == nil || fn.Pkg() == nil {
		return types.ExprString(e)
	}
	if v, ok := e.(*ast.Ident); ok {
		if _, isVar := info.Uses[v].(*types.Var); isVar {
			return types.ExprString(e)
		}
	}
	return check.FuncName(fn)
}

// goTypes answers the rule core's questions about types with go/types.
type goTypes struct {
	FormTypes
	info  *types.Info
	files []*ast.File
}

func (*goTypes) Identical(a, b types.Type) bool { return types.Identical(a, b) }
func (*goTypes) IsContext(t types.Type) bool    { return knowledge.IsContext(t) }
func (*goTypes) IsError(t types.Type) bool      { return knowledge.IsError(t) }

func (ts *goTypes) IsRequest(m rules.Method, t types.Type) bool {
	return knowledge.IsRequest(ts.SDK, m, t)
}

func (ts *goTypes) IsResult(m rules.Method, t types.Type) bool {
	return knowledge.IsHandlerResult(ts.SDK, m, t)
}

// ElicitArg and OutcomeArg recognize the vocabulary's Elicit and Outcome,
// which both bindings alias, as both runtimes do.
func (*goTypes) ElicitArg(t types.Type) (types.Type, bool)  { return knowledge.ElicitArg(t) }
func (*goTypes) OutcomeArg(t types.Type) (types.Type, bool) { return knowledge.OutcomeArg(t) }

func (ts *goTypes) CanCarryInputRequired(t types.Type) bool {
	return knowledge.CanCarryInputRequiredIn(ts.SDK, t)
}
func (*goTypes) InputSchemaProblem(in types.Type) string { return InputSchemaProblem(in) }
func (ts *goTypes) OutputSchemaProblem(out types.Type) string {
	return OutputSchemaProblem(ts.SDK, out)
}

// WireKey reads the key a question about t is asked under: the constant
// that an InputKey method of this package returns, or, without such a
// method, the runtime's default key, the type's reflect name, which is
// known for a named type without type arguments (or a pointer to one).
func (ts *goTypes) WireKey(t types.Type) (string, bool, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "InputKey")
	if fn, ok := obj.(*types.Func); ok {
		key, known := ts.constantResult(fn)
		return key, true, known
	}
	key, known := ReflectName(t)
	return key, false, known
}

// constantResult returns the constant string that fn, declared in one of
// the package's files, returns, if its body is a single return of a
// constant.
func (ts *goTypes) constantResult(fn *types.Func) (string, bool) {
	for _, f := range ts.files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || ts.info.Defs[decl.Name] != fn || len(decl.Body.List) != 1 {
				continue
			}
			ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				return "", false
			}
			if tv := ts.info.Types[ret.Results[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
			return "", false
		}
	}
	return "", false
}
