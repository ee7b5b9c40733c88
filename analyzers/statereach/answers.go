package statereach

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
)

// The unasked-answer analysis (python-sdk #3019's first bug, by hand): in
// a hand-written handler, an answer read under key K where, on a path
// without it, the handler goes on without asking K and uses a value the
// server computed itself instead, or runs an action it would otherwise
// not. A client can send that answer in its first request, unasked, and
// the handler takes it for the user's. An answer read where its absence
// leads to asking K ("present? else ask"), where K is asked first on every
// call (on a path that does not read it), where it replaces a value of
// the tool's own arguments (which the client could send there anyway), or
// where its absence ends in an error, is not reported.

// CategoryUnasked is the category of an answer that stands in for a value
// the server computes itself.
const CategoryUnasked = "unasked-answer"

// unaskedHint is a function, not a constant: the docs address is
// configurable (-docs) and set before the analyzers run.
func unaskedHint() string {
	return "read an answer only where the handler asks its question, or bind the question in sealed request state (runtime/seal), or ask with resolvers, which consult an answer only for the question asked this round (see " + check.DocURL("migrate.md") + ")"
}

// An answerRead is a read of one answer by its key: the instruction, the
// key, and the values it gives when the answer is absent and when it is
// there.
type answerRead struct {
	at      ssa.Instruction
	key     ssa.Value
	absent  map[ssa.Value]flow.Val
	present map[ssa.Value]flow.Val
	values  []ssa.Value // the values that carry the answer
}

// unaskedAnswers reports the answers that stand in for the server's own
// values.
func (c *checker) unaskedAnswers() {
	r := rounds.Of(c.pass)
	if !r.HandWritten() || !r.ReadsByKey() {
		return
	}
	a := &answers{c: c, r: r, g: c.graph(), paths: flow.NewPaths(c.pass.Pkg, flow.Hooks{}), asked: make(map[string]bool)}
	for _, req := range r.Requests {
		if !a.keysOf(req.Key, 0) {
			return // a question asked under a key computed at run time may be any
		}
	}
	for _, fn := range a.g.Prog.Funcs {
		flow.Instrs(fn, func(instr ssa.Instruction) {
			if rd, ok := readOf(instr); ok {
				a.judge(rd, 0)
			}
		})
	}
}

type answers struct {
	c     *checker
	r     *rounds.Result
	g     *flow.Graph
	paths *flow.Paths
	asked map[string]bool
}

// keysOf records the keys that key, the key of a question, may be: a
// constant, or a parameter of a question-building helper that every call
// of it gives a constant; it reports false where one is not known.
func (a *answers) keysOf(key ssa.Value, depth int) bool {
	if k := flow.StringConst(key); k != "" {
		a.asked[k] = true
		return true
	}
	p, ok := key.(*ssa.Parameter)
	if !ok || depth >= maxLift {
		return false
	}
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if a.g.UnseenCallers(fn) || len(a.g.Callers(fn)) == 0 {
		return false
	}
	for _, c := range a.g.Callers(fn) {
		if arg := flow.Arg(c.Site, i); arg == nil || !a.keysOf(arg, depth+1) {
			return false
		}
	}
	return true
}

// readOf returns the answer that instr reads by its key: go-sdk's and
// mcp-go's input-response maps indexed, mcp-go's readers called.
func readOf(instr ssa.Instruction) (answerRead, bool) {
	switch x := instr.(type) {
	case *ssa.Lookup:
		if !knowledge.IsInputResponseMap(x.X.Type()) {
			break
		}
		rd := answerRead{at: x, key: x.Index, absent: map[ssa.Value]flow.Val{}, present: map[ssa.Value]flow.Val{}}
		_, isIface := x.X.Type().Underlying().(*types.Map).Elem().Underlying().(*types.Interface)
		if !x.CommaOk {
			if !isIface {
				break
			}
			rd.absent[x], rd.present[x] = flow.Nil, flow.Val{Kind: flow.NonNil}
			rd.values = []ssa.Value{x}
			return rd, true
		}
		for _, ref := range *x.Referrers() {
			ex, ok := ref.(*ssa.Extract)
			if !ok {
				continue
			}
			switch {
			case ex.Index == 1:
				rd.absent[ex], rd.present[ex] = flow.Bool(false), flow.Bool(true)
			case isIface:
				rd.absent[ex], rd.present[ex] = flow.Nil, flow.Val{Kind: flow.NonNil}
				rd.values = append(rd.values, ex)
			default:
				rd.values = append(rd.values, ex)
			}
		}
		return rd, true
	case *ssa.Call:
		fn := staticCallee(&x.Call)
		if fn == nil {
			break
		}
		i, ok := knowledge.AnswerReaderKey(fn)
		if !ok || i >= len(x.Call.Args) {
			break
		}
		rd := answerRead{at: x, key: x.Call.Args[i], absent: map[ssa.Value]flow.Val{}, present: map[ssa.Value]flow.Val{}}
		if tuple, ok := x.Type().(*types.Tuple); ok { // (mcp.InputResponse, bool)
			for _, ref := range *x.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok {
					if ex.Index == tuple.Len()-1 {
						rd.absent[ex], rd.present[ex] = flow.Bool(false), flow.Bool(true)
					} else {
						rd.values = append(rd.values, ex)
					}
				}
			}
			return rd, true
		}
		rd.absent[x], rd.present[x] = flow.Nil, flow.Val{Kind: flow.NonNil}
		rd.values = []ssa.Value{x}
		return rd, true
	}
	return answerRead{}, false
}

// maxLift bounds how many helpers up a read is followed.
const maxLift = 2

// judge judges rd in its function, or, where that function is a helper
// of the package (every caller seen) that returns what it read, at each
// call of it.
func (a *answers) judge(rd answerRead, depth int) {
	fn := rd.at.Parent()
	if depth < maxLift && !a.g.UnseenCallers(fn) && len(a.g.Callers(fn)) > 0 {
		a.lift(rd, depth)
		return
	}
	key := flow.StringConst(rd.key)
	if key == "" {
		return
	}
	region := a.paths.From(rd.at, rd.absent)
	if !region.Complete {
		return
	}
	asking := make(map[*ssa.Return]bool)
	for _, ret := range a.r.InputRequiredReturns(fn) {
		asking[ret] = true
	}
	goesOn := false
	for _, ret := range region.Returns {
		if !asking[ret.Ret] && !a.endsInError(fn, ret) {
			goesOn = true
		}
	}
	if !goesOn {
		return // without the answer it asks, or fails
	}
	if a.asked[key] {
		for ret := range asking {
			if !region.Blocks[ret.Block()] && ret.Block() != rd.at.Block() {
				return // asked first, on a path that does not read it
			}
		}
	}
	if what := a.replaced(rd, region); what != "" {
		a.report(rd.at, "%s reads the answer %q in place of %s, which it uses without asking %q where the answer is missing: a client can send that answer unasked and replace it; %s",
			a.funcName(fn), key, what, key, unaskedHint())
		return
	}
	if a.asked[key] {
		return
	}
	if action := a.actionOnlyWith(rd, region); action != "" {
		a.report(rd.at, "%s reads the answer %q, a question the package never asks, and calls %s only when it is there: a client can send that answer unasked; %s",
			a.funcName(fn), key, action, unaskedHint())
	}
}

// staticCallee returns the function a call names statically (its
// generic origin), or nil.
func staticCallee(cc *ssa.CallCommon) *types.Func {
	callee := cc.StaticCallee()
	if callee == nil {
		return nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// lift judges the read rd of a helper at each call of the helper, with
// what the helper returns on each outcome.
func (a *answers) lift(rd answerRead, depth int) {
	fn := rd.at.Parent()
	absent := a.returnedOn(rd, rd.absent)
	if absent == nil {
		return
	}
	present := a.returnedOn(rd, rd.present)
	keyParam := slices.Index(fn.Params, asParam(rd.key))
	for _, c := range a.g.Callers(fn) {
		call, ok := c.Site.(*ssa.Call)
		if !ok || c.Site.Parent() == fn {
			continue
		}
		up := answerRead{at: call, key: rd.key, absent: map[ssa.Value]flow.Val{}, present: map[ssa.Value]flow.Val{}}
		if keyParam >= 0 {
			up.key = flow.Arg(call, keyParam)
			if up.key == nil {
				continue
			}
		} else if _, isParam := rd.key.(*ssa.Parameter); isParam {
			continue
		}
		bind := func(v ssa.Value, i int) {
			if i < len(absent) {
				up.absent[v] = absent[i]
			}
			if i < len(present) {
				up.present[v] = present[i]
			}
			up.values = append(up.values, v)
		}
		if _, ok := call.Type().(*types.Tuple); ok {
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok {
					bind(ex, ex.Index)
				}
			}
		} else {
			bind(call, 0)
		}
		a.judge(up, depth+1)
	}
}

// asParam returns v as a parameter, or nil.
func asParam(v ssa.Value) *ssa.Parameter {
	p, _ := v.(*ssa.Parameter)
	return p
}

// returnedOn returns what the function of rd returns, result by result,
// on the paths from rd with bind, where every such return agrees (Unknown
// where they differ), or nil where no return is reached.
func (a *answers) returnedOn(rd answerRead, bind map[ssa.Value]flow.Val) []flow.Val {
	region := a.paths.From(rd.at, bind)
	if !region.Complete || len(region.Returns) == 0 {
		return nil
	}
	out := slices.Clone(region.Returns[0].Results)
	for _, ret := range region.Returns[1:] {
		for i := range out {
			if i < len(ret.Results) && !out[i].Equal(ret.Results[i]) {
				out[i] = flow.Val{}
			}
		}
	}
	return out
}

// endsInError reports whether ret, a return of fn, may fail the call: an
// error result not known to be nil, or a result built as an error
// (mcp-go's mcp.NewToolResultError, a result with IsError set).
func (a *answers) endsInError(fn *ssa.Function, ret flow.Returned) bool {
	res := fn.Signature.Results()
	for i := 0; i < res.Len() && i < len(ret.Results); i++ {
		if knowledge.IsError(res.At(i).Type()) && !ret.Results[i].IsNil() {
			return true
		}
	}
	for _, v := range ret.Ret.Results {
		for _, o := range a.g.Origins(v) {
			switch o := o.(type) {
			case *ssa.Call:
				if callee := staticCallee(&o.Call); callee != nil && knowledge.MakesErrorResult(callee) {
					return true
				}
			case *ssa.Alloc:
				if setsIsError(o) {
					return true
				}
			}
		}
	}
	return false
}

// setsIsError reports whether the result at alloc has its IsError field
// set to a value that is not the constant false.
func setsIsError(alloc *ssa.Alloc) bool {
	for fa, f := range flow.FieldAddrs(alloc) {
		if f.Name() != "IsError" {
			continue
		}
		for v := range flow.StoredAt(fa) {
			if k, ok := v.(*ssa.Const); !ok || k.Value == nil || k.Value.Kind() != constant.Bool || constant.BoolVal(k.Value) {
				return true
			}
		}
	}
	return false
}

// replaced describes the value that the answer of rd replaces: a variable
// of its function that takes the answer where it is there, and, on the
// paths without it, a value computed from neither the answer nor the
// tool's arguments; or "".
func (a *answers) replaced(rd answerRead, region *flow.Region) string {
	fn := rd.at.Parent()
	fromAnswer := forward(rd.values)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			if phi.Comment == token.LAND.String() || phi.Comment == token.LOR.String() || !token.IsIdentifier(phi.Comment) {
				continue // a condition, or a temporary
			}
			answered := false
			for _, e := range phi.Edges {
				answered = answered || fromAnswer[e]
			}
			if !answered {
				continue
			}
			for j, e := range phi.Edges {
				pred := b.Preds[j]
				if fromAnswer[e] || !region.Blocks[pred] && pred != rd.at.Block() {
					continue
				}
				if a.fromArguments(fn, e) {
					return ""
				}
				return fmt.Sprintf("%s (%s)", phi.Comment, describe(e))
			}
		}
	}
	return ""
}

// forward returns the values computed from vs in their function.
func forward(vs []ssa.Value) map[ssa.Value]bool {
	out := make(map[ssa.Value]bool)
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if out[v] || depth > 12 {
			return
		}
		out[v] = true
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, ref := range *refs {
			if w, ok := ref.(ssa.Value); ok {
				visit(w, depth+1)
			}
		}
	}
	for _, v := range vs {
		visit(v, 0)
	}
	return out
}

// fromArguments reports whether v is computed from what the client sent
// with the call: a parameter of fn other than its context and receiver
// (the request, the tool's input).
func (a *answers) fromArguments(fn *ssa.Function, v ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > 10 {
			return false
		}
		seen[v] = true
		if p, ok := v.(*ssa.Parameter); ok {
			recv := fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
			return !recv && !knowledge.IsContext(p.Type())
		}
		if alloc, ok := v.(*ssa.Alloc); ok { // a local struct: what is stored into it
			for _, st := range flow.StoredInto(alloc) {
				if walk(st, depth+1) {
					return true
				}
			}
			return false
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		for _, op := range flow.Operands(instr) {
			if walk(op, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(v, 0)
}

// describe names a value in a message.
func describe(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil {
			return "the constant " + v.Value.ExactString()
		}
		return "the zero value"
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil {
			return "what " + callee.Name() + " returns"
		}
		if v.Call.IsInvoke() {
			return "what " + v.Call.Method.Name() + " returns"
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return describe(call)
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if f := flow.Field(fa.X.Type(), fa.Field); f != nil {
				return "the field " + f.Name()
			}
		}
		if g, ok := v.X.(*ssa.Global); ok {
			return "the variable " + g.Name()
		}
	case *ssa.Field:
		if f := flow.StructField(v.X.Type(), v.Field); f != nil {
			return "the field " + f.Name()
		}
	}
	return "a value the server computes"
}

// actionOnlyWith names the first call that the paths with the answer of
// rd reach and the paths without it do not, or "".
func (a *answers) actionOnlyWith(rd answerRead, absent *flow.Region) string {
	present := a.paths.From(rd.at, rd.present)
	if !present.Complete {
		return ""
	}
	for _, b := range present.Order {
		if absent.Blocks[b] {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callees, _ := a.g.Callees(call.Common())
			for _, c := range callees {
				if c.Obj != nil && c.Obj.Pkg() != nil && acts(c.Obj) {
					return check.FuncName(c.Obj)
				}
			}
		}
	}
	return ""
}

// acts reports whether calling fn may act: a function of the user's, not
// of the standard library's formatting and parsing or of an SDK.
func acts(fn *types.Func) bool {
	path := fn.Pkg().Path()
	return !knowledge.InAPIModule(path) && !knowledge.ParsesOrFormats(path) && !knowledge.IsStandard(fn.Pkg())
}

func (a *answers) report(at ssa.Instruction, format string, args ...any) {
	a.c.rep.ReportOnce(analysis.Diagnostic{Pos: at.Pos(), Category: CategoryUnasked, Message: fmt.Sprintf(format, args...)})
}

// funcName names fn in a message as the package's other findings do: a
// declared function as it is declared, a function literal as one.
func (a *answers) funcName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return check.FuncLiteral
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if u := a.c.funcs[obj]; u != nil {
			return u.name
		}
	}
	return fn.Name()
}
