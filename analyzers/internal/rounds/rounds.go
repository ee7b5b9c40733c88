// Package rounds defines an internal Analyzer that finds the round
// structure of the hand-written multi-round handlers of a package (the
// 2026-07-28 input-required flow driven on the SDKs' own API, without
// resolvers): the input requests it builds and the key each is asked
// under, the returns of each function that may hand an input-required
// result back (and the blocks that lead to one), the answers it reads by
// key, and the request states its results carry. askstable and
// resolvepure judge hand-written handlers by it.
//
// A function reads answers by key when it indexes a request's input
// responses (go-sdk's mcp.InputResponseMap, mcp-go's mcp.InputResponses),
// calls one of mcp-go's readers (server.ElicitationResponse and its
// siblings), or calls a function that does: of the package, or of another
// package through the fact ReadsAnswers.
package rounds

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
)

// Analyzer finds the round structure of a package's hand-written
// multi-round handlers. Its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "mcplintrounds",
	Doc:        "find the input requests, input-required returns and keyed answer reads of hand-written multi-round handlers",
	Requires:   []*analysis.Analyzer{check.Analyzer, ssabuild.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(ReadsAnswers), new(Schema)},
}

// ReadsAnswers is the fact that a function reads an answer out of a
// request's input responses by its key (a team's own reader helper).
type ReadsAnswers struct{}

func (*ReadsAnswers) AFact()         {}
func (*ReadsAnswers) String() string { return "readsAnswers" }

// A Request is an input request a function puts into a result.
type Request struct {
	At  ssa.Instruction // the map update or the builder call
	Fn  *ssa.Function
	Key ssa.Value // the id the answer comes back under
	// Params are the request's parameters (*mcp.ElicitParams,
	// mcp.ElicitationParams, ...), or nil (mcp-go's Roots).
	Params ssa.Value
	// Capability is the client capability the request needs
	// (knowledge.CapabilityElicitation, ...), or "" where the request's
	// kind is not known statically.
	Capability string
}

// Pos is where the request is written.
func (r *Request) Pos() token.Pos { return r.At.Pos() }

// Result is the round structure of a package. The zero Result (a package
// with no hand-written round) has no requests and no input-required
// returns.
type Result struct {
	// Requests are the input requests the package builds, in source order.
	Requests []*Request

	pass      *analysis.Pass
	graph     *flow.Graph
	asks      map[*ssa.Function]uint64      // results that may be input-required, bit i: result i
	keyed     map[*ssa.Function]bool        // reads answers by key
	states    map[*ssa.Function][]ssa.Value // the request states fn's results carry
	computing map[*ssa.Function]bool

	storesGraph *flow.Graph // the package's stores, for the schemas kept in package variables; built on first use
}

// Of returns the round structure of the package of pass, whose analyzer must
// require [Analyzer].
func Of(pass *analysis.Pass) *Result { return pass.ResultOf[Analyzer].(*Result) }

func run(pass *analysis.Pass) (any, error) {
	r := &Result{pass: pass}
	if !check.Relevant(pass) || check.Of(pass).API {
		return r, nil
	}
	prog := ssabuild.Of(pass)
	if pass.Pkg.Name() != "main" {
		exportSchemas(pass, r.schemas(), prog.Funcs)
	}
	if !usesRounds(pass) {
		return r, nil
	}
	r.graph = flow.New(prog)
	r.asks = make(map[*ssa.Function]uint64)
	r.states = make(map[*ssa.Function][]ssa.Value)
	r.computing = make(map[*ssa.Function]bool)
	direct := make(map[*ssa.Function]bool)
	for _, fn := range prog.Funcs {
		flow.Instrs(fn, func(instr ssa.Instruction) { r.index(pass, fn, instr, direct) })
	}
	r.keyed = flow.Fixpoint(prog.Funcs, func(fn *ssa.Function, known map[*ssa.Function]bool) (bool, bool) {
		if direct[fn] {
			return true, true
		}
		for _, c := range r.graph.Calls(fn) {
			if known[c.Callee] {
				return true, true
			}
		}
		return false, false
	})
	if pass.Pkg.Name() != "main" {
		for fn := range r.keyed {
			if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
				pass.ExportObjectFact(obj, &ReadsAnswers{})
			}
		}
	}
	return r, nil
}

// usesRounds reports whether the package refers to the SDKs' multi-round
// API (or to a function of another package that reads answers): the
// others have no round to find, and need no SSA form.
func usesRounds(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Var:
			if obj.IsField() && (knowledge.InputRequiredField(obj, nil) != "" || knowledge.StateField(obj) != "") {
				return true
			}
		case *types.TypeName:
			if knowledge.IsInputRequestMap(obj.Type()) || knowledge.IsInputResponseMap(obj.Type()) {
				return true
			}
		case *types.Func:
			if knowledge.InputRequiredCall(obj) != "" || knowledge.InputResponseHelper(obj) != "" {
				return true
			}
			if _, ok := knowledge.InputRequestAdder(obj); ok {
				return true
			}
			if obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(ReadsAnswers)) {
				return true
			}
		}
	}
	return false
}

// index records what instr, in fn, builds or reads.
func (r *Result) index(pass *analysis.Pass, fn *ssa.Function, instr ssa.Instruction, keyed map[*ssa.Function]bool) {
	switch x := instr.(type) {
	case *ssa.MapUpdate:
		if knowledge.IsInputRequestMap(x.Map.Type()) {
			params := concrete(x.Value)
			r.Requests = append(r.Requests, &Request{At: x, Fn: fn, Key: x.Key, Params: params, Capability: r.capability(params)})
		}
	case *ssa.Lookup:
		if knowledge.IsInputResponseMap(x.X.Type()) {
			keyed[fn] = true
		}
	case *ssa.Store:
		if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
			if f := flow.Field(fa.X.Type(), fa.Field); f != nil && f.Name() == "RequestState" && knowledge.InputRequiredField(f, nil) != "" {
				r.carries(fn, x.Val)
			}
		}
	case ssa.CallInstruction:
		obj := r.callee(x.Common())
		if obj == nil {
			return
		}
		args := x.Common().Args
		if add, ok := knowledge.InputRequestAdder(obj); ok && add.Key < len(args) {
			req := &Request{At: x, Fn: fn, Key: args[add.Key], Capability: knowledge.InputRequestMakerCapability(obj)}
			if add.Params >= 0 && add.Params < len(args) {
				req.Params = args[add.Params]
			}
			r.Requests = append(r.Requests, req)
		}
		if i, ok := knowledge.RequestStateArg(obj); ok && i < len(args) {
			r.carries(fn, args[i])
		}
		if _, ok := knowledge.AnswerReaderKey(obj); ok {
			keyed[fn] = true
		}
		if obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(ReadsAnswers)) {
			keyed[fn] = true
		}
	}
}

// carries records that a result fn builds carries the request state v.
func (r *Result) carries(fn *ssa.Function, v ssa.Value) {
	out := flow.Outermost(fn)
	r.states[out] = append(r.states[out], v)
}

// capability returns the client capability that an input request put into
// a map needs: go-sdk's by the type of its parameters, mcp-go's by the
// constructor that made it.
func (r *Result) capability(v ssa.Value) string {
	if c := knowledge.InputRequestCapability(v.Type()); c != "" {
		return c
	}
	if call, ok := v.(*ssa.Call); ok {
		return knowledge.InputRequestMakerCapability(r.callee(call.Common()))
	}
	return ""
}

// concrete returns the value put into an interface (the *mcp.ElicitParams
// of an mcp.InputRequest), or v.
func concrete(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}

// callee returns the function a call names statically, or the interface
// method it invokes (the first of the flow layer's callees), or nil for a
// call of a function value.
func (r *Result) callee(cc *ssa.CallCommon) *types.Func {
	if !cc.IsInvoke() && cc.StaticCallee() == nil {
		return nil
	}
	callees, _ := r.graph.Callees(cc)
	if len(callees) == 0 || callees[0].Obj == nil {
		return nil
	}
	return callees[0].Obj.Origin()
}

// CarriedInState reports whether the key of req is carried to the next
// round in the request state of a result that req's handler builds: both
// are computed from the same call (an id generated in round one and handed
// back in the state, to be read from it in the next), so the key need not
// be stable itself.
func (r *Result) CarriedInState(req *Request) bool {
	states := r.states[flow.Outermost(req.Fn)]
	if len(states) == 0 {
		return false
	}
	keyCalls := make(map[ssa.Value]bool)
	slice(req.Key, func(v ssa.Value) {
		if _, ok := v.(*ssa.Call); ok {
			keyCalls[v] = true
		}
	})
	found := false
	for _, s := range states {
		slice(s, func(v ssa.Value) { found = found || keyCalls[v] })
	}
	return found
}

// slice calls visit on v and the values it is computed from in its
// function: operands, the values stored into a local struct or variable,
// the edges of phi nodes; a few levels deep.
func slice(v ssa.Value, visit func(ssa.Value)) {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > 10 {
			return
		}
		seen[v] = true
		visit(v)
		if alloc, ok := v.(*ssa.Alloc); ok {
			for _, st := range flow.StoredInto(alloc) {
				walk(st, depth+1)
			}
			return
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return
		}
		for _, op := range flow.Operands(instr) {
			walk(op, depth+1)
		}
	}
	walk(v, 0)
}

// ReadsByKey reports whether the package reads answers by their key
// anywhere: only then does an input request's key have to be found again.
func (r *Result) ReadsByKey() bool { return len(r.keyed) > 0 }

// ReadsAnswers reports whether fn reads answers by their key, itself or
// through the functions it calls.
func (r *Result) ReadsAnswers(fn *ssa.Function) bool { return r.keyed[fn] }

// InputRequiredReturns returns the returns of fn that may hand an
// input-required result back: a result built with InputRequests or
// RequestState set (go-sdk's CallToolResult, GetPromptResult,
// ReadResourceResult; mcp-go's MultiRoundTripResult), by mcp-go's
// builders, or returned by a function of the package that returns one.
func (r *Result) InputRequiredReturns(fn *ssa.Function) []*ssa.Return {
	if r.graph == nil {
		return nil
	}
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i := range ret.Results {
			if r.inputRequired(returned(ret, i)) {
				out = append(out, ret)
				break
			}
		}
	}
	return out
}

// returned returns the value that ret returns as result i. In a function
// with defers, every return stores its results into the function's result
// slots and returns what it loads back from them: the value is the one
// this return stored, not what every return may store there.
func returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	instrs := ret.Block().Instrs
	for j := len(instrs) - 1; j >= 0; j-- {
		if st, ok := instrs[j].(*ssa.Store); ok && st.Addr == slot {
			return st.Val
		}
	}
	return v
}

// asksOf returns the results of fn that may be input-required (bit i:
// result i), computed once; a recursive call counts as none.
func (r *Result) asksOf(fn *ssa.Function) uint64 {
	if m, ok := r.asks[fn]; ok || r.computing[fn] {
		return m
	}
	r.computing[fn] = true
	var m uint64
	for _, ret := range r.InputRequiredReturns(fn) {
		for i := range ret.Results {
			if i < 64 && r.inputRequired(returned(ret, i)) {
				m |= 1 << i
			}
		}
	}
	delete(r.computing, fn)
	r.asks[fn] = m
	return m
}

// inputRequired reports whether v may be an input-required result.
func (r *Result) inputRequired(v ssa.Value) bool {
	for _, o := range r.graph.Origins(v) {
		switch o := o.(type) {
		case *ssa.Alloc:
			if builtInputRequired(o) {
				return true
			}
		case *ssa.Call:
			if r.callAsks(o, 0) {
				return true
			}
		case *ssa.Extract:
			if call, ok := o.Tuple.(*ssa.Call); ok && r.callAsks(call, o.Index) {
				return true
			}
		}
	}
	return false
}

// callAsks reports whether result i of call may be an input-required
// result: the call builds one (mcp-go's builders), or calls a function of
// the package that returns one there.
func (r *Result) callAsks(call *ssa.Call, i int) bool {
	if obj := r.callee(&call.Call); obj != nil && knowledge.InputRequiredCall(obj) != "" {
		return true
	}
	callees, _ := r.graph.Callees(&call.Call)
	for _, c := range callees {
		if c.Func != nil && i < 64 && r.asksOf(c.Func)&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// builtInputRequired reports whether alloc is a result made input-required
// where it is built: mcp-go's mcp.InputRequiredResult, or a result whose
// InputRequests or RequestState (or mcp-go's ResultType, to
// input_required) is set.
func builtInputRequired(alloc *ssa.Alloc) bool {
	t := knowledge.Pointee(alloc.Type())
	if knowledge.InputRequiredType(t) {
		return true
	}
	return setsInputRequired(alloc, 0)
}

// setsInputRequired reports whether a field of the struct at addr (or of
// a struct embedded in it, as mcp-go's MultiRoundTripResult is) is given
// a value that makes the result input-required.
func setsInputRequired(addr ssa.Value, depth int) bool {
	if depth > 2 {
		return false
	}
	for fa, f := range flow.FieldAddrs(addr) {
		if setsInputRequired(fa, depth+1) {
			return true
		}
		for stored := range flow.StoredAt(fa) {
			var val constant.Value
			if k, ok := stored.(*ssa.Const); ok {
				if k.IsNil() || k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == "" {
					continue // no requests, no state: asks nothing
				}
				val = k.Value
			}
			if knowledge.InputRequiredField(f, val) != "" {
				return true
			}
		}
	}
	return false
}

// AskingReturn returns a return of an input-required result of the
// function of call ([Result.InputRequiredReturns]) that a path from call
// reaches, or nil: what call does, it does in a round that ends by asking
// the user, so before the answer, and again in every later round. A path
// that takes a branch on what call returned (other than its error) does
// not count: the call's outcome decides whether to ask (a request held
// for approval, a status that says so), and the call did not act on it.
func (r *Result) AskingReturn(call ssa.CallInstruction) *ssa.Return {
	fn := call.Parent()
	rets := r.InputRequiredReturns(fn)
	if len(rets) == 0 {
		return nil
	}
	byBlock := make(map[*ssa.BasicBlock]*ssa.Return, len(rets))
	for _, ret := range rets {
		byBlock[ret.Block()] = ret
	}
	decided := outcome(call)
	start := call.Block()
	seen := map[*ssa.BasicBlock]bool{start: true}
	queue := []*ssa.BasicBlock{start}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if ret := byBlock[x]; ret != nil {
			return ret
		}
		if ifs, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If); ok && decided[ifs.Cond] {
			continue
		}
		for _, s := range x.Succs {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return nil
}

// outcome returns the values computed, in the call's function, from what
// call returns other than an error: its result, the fields read from it,
// comparisons of them.
func outcome(call ssa.CallInstruction) map[ssa.Value]bool {
	v := call.Value()
	out := make(map[ssa.Value]bool)
	if v == nil {
		return out
	}
	var roots []ssa.Value
	switch t := v.Type().(type) {
	case *types.Tuple:
		for _, ref := range *v.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index < t.Len() && !knowledge.IsError(t.At(ex.Index).Type()) {
				roots = append(roots, ex)
			}
		}
	default:
		if !knowledge.IsError(t) {
			roots = append(roots, v)
		}
	}
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if out[v] || depth > 6 {
			return
		}
		out[v] = true
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.FieldAddr, *ssa.Field, *ssa.UnOp, *ssa.BinOp, *ssa.Extract, *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.TypeAssert:
				visit(ref.(ssa.Value), depth+1)
			}
		}
	}
	for _, root := range roots {
		visit(root, 0)
	}
	return out
}

// Graph returns the flow graph of the package, or nil where it has no
// hand-written round ([Result.HandWritten]).
func (r *Result) Graph() *flow.Graph { return r.graph }

// HandWritten reports whether the package uses the SDKs' multi-round API
// (or a function of another package that reads answers): only then has
// it a round structure to find.
func (r *Result) HandWritten() bool { return r.graph != nil }
