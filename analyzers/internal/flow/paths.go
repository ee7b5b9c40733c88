package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Values on paths: what a function computes on each path that a scenario
// allows. A scenario binds some values (a request's result and error on
// the path where it failed, say); [Paths.From] walks the paths that begin
// after an instruction, taking at each branch only the edges the values
// allow, and tells which blocks and returns each path reaches and what the
// returns give. Values are followed through constants, φ-nodes (by the
// edge the path came in on), conversions, comparisons, negations, the
// fields of a value whose field is known, stores and loads of locals and
// fields on the same path, and calls: a function of the package is
// evaluated from its body with its arguments' values (so a helper
// predicate decides as it would at run time), and the analyzer's hook
// answers for the others (facts of other packages, the standard library).
// A call that never returns (every path of its body ends in a panic or in
// such a call, or the hook says so) ends the path.

// A Kind is how much is known of a value on a path.
type Kind uint8

const (
	// Unknown: nothing is known.
	Unknown Kind = iota
	// Known: the value is the constant Val.Const (nil for nil).
	Known
	// NonNil: the value is not nil; Tag and Field may tell more.
	NonNil
	// Infeasible: no run computes it (a nil pointer is dereferenced).
	Infeasible
)

// A Val is what a value is on a path.
type Val struct {
	Kind  Kind
	Const constant.Value // Known: the constant, or nil for the nil value
	// Tag is the analyzer's name for a NonNil value (a sentinel error, a
	// request's failure); two Distinct values are equal exactly when their
	// tags are.
	Tag      string
	Distinct bool
	// Field and FieldVal: the value of one field of a NonNil struct or
	// pointer to struct, reached through embedded fields too.
	Field    string
	FieldVal constant.Value
	// Consents: a NonNil value is an answer that confirms (its form
	// accepted with every box ticked): the content it carries, and each
	// value read out of that, says yes (true where a bool is asked, an
	// object present, a string not known).
	Consents bool
}

// Bool returns the Known value of a bool constant.
func Bool(b bool) Val { return Val{Kind: Known, Const: constant.MakeBool(b)} }

// Nil is the Known nil value.
var Nil = Val{Kind: Known}

// IsNil reports whether v is Known to be nil.
func (v Val) IsNil() bool { return v.Kind == Known && v.Const == nil }

// Truth returns whether v is a Known bool and which.
func (v Val) Truth() (value, known bool) {
	if v.Kind != Known || v.Const == nil || v.Const.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(v.Const), true
}

// Equal reports whether v and w say the same of a value.
func (v Val) Equal(w Val) bool {
	return v.Kind == w.Kind && sameConst(v.Const, w.Const) && v.Tag == w.Tag &&
		v.Distinct == w.Distinct && v.Field == w.Field && sameConst(v.FieldVal, w.FieldVal) && v.Consents == w.Consents
}

func sameConst(a, b constant.Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Kind() == b.Kind() && constant.Compare(a, token.EQL, b)
}

func (v Val) String() string {
	switch v.Kind {
	case Known:
		if v.Const == nil {
			return "nil"
		}
		return v.Const.ExactString()
	case NonNil:
		s := "non-nil"
		if v.Tag != "" {
			s += " " + v.Tag
		}
		if v.Field != "" {
			s += " " + v.Field + "=" + v.FieldVal.ExactString()
		}
		if v.Consents {
			s += " consenting"
		}
		return s
	case Infeasible:
		return "infeasible"
	}
	return "?"
}

// A CallResult is what a call gives on a path: a value for each result
// (one for a call of one result), whether it never returns, and the name
// of the function that decided it, for messages.
type CallResult struct {
	Results  []Val
	NoReturn bool
	Decider  string
}

// Hooks are the analyzer's answers about values the paths cannot compute.
type Hooks struct {
	// Value returns what v is wherever it is evaluated, if the analyzer
	// knows (a load of a sentinel error, say).
	Value func(v ssa.Value) (Val, bool)
	// Call returns what a call gives with its arguments' values (args
	// begins with the receiver of a method call), if the analyzer knows:
	// it is asked before the package's own bodies are evaluated. eval
	// gives any other value on the same path (the elements of a
	// variadic argument's slice, say).
	Call func(call *ssa.CallCommon, args []Val, eval func(ssa.Value) Val) (CallResult, bool)
	// Equal says whether x == y, when the analyzer knows and the values
	// do not (an error it tagged, compared with a sentinel).
	Equal func(x, y Val) (eq, known bool)
}

// maxStates bounds the states one walk visits: past it the walk gives up
// and says its region is not complete.
const maxStates = 4096

// maxDepth bounds how deep calls are evaluated from their bodies.
const maxDepth = 3

// Paths evaluates values on paths in one package. It memoizes what the
// package's functions give for given arguments, so one Paths serves every
// walk of a package; it is not safe for concurrent use.
type Paths struct {
	hooks    Hooks
	pkg      *types.Package
	keys     map[cell]int // the keys of values and memory cells in an env
	summary  map[string]*CallResult
	inFlight map[string]bool
}

// NewPaths returns the evaluator of the package pkg.
func NewPaths(pkg *types.Package, hooks Hooks) *Paths {
	return &Paths{
		hooks: hooks, pkg: pkg,
		keys: make(map[cell]int), summary: make(map[string]*CallResult), inFlight: make(map[string]bool),
	}
}

// A Region is what the paths of one walk reach.
type Region struct {
	Blocks map[*ssa.BasicBlock]bool
	Order  []*ssa.BasicBlock // in the order first reached
	// Via names, for a block, the function that decided a branch on the
	// first path into it (a helper predicate), if one did.
	Via     map[*ssa.BasicBlock]string
	Returns []Returned
	// Branches are the branches the paths passed, each once.
	Branches []*ssa.If
	// Complete is false when the walk gave up: what it reached is then
	// only part of what the paths reach.
	Complete bool
}

// A Returned is a return one path reaches and what it gives there.
type Returned struct {
	Ret     *ssa.Return
	Results []Val
	Via     string // the function that decided a branch on the path, if any
}

// From walks the paths of the function of instruction at that begin just
// after it, with the values of bind, and never re-enter at's block (a
// loop back to it would ask again).
func (p *Paths) From(at ssa.Instruction, bind map[ssa.Value]Val) *Region {
	b := at.Block()
	idx := slices.Index(b.Instrs, at) + 1
	e := &env{}
	for v, val := range bind {
		e = e.with(p.valueKey(v), val)
	}
	e = p.unsetFields(at, e)
	return p.walk(b, idx, e, b, 0)
}

// env is what a path knows: the values of φ-nodes as the path resolved
// them, bound values, and what it stored, each under the key the Paths
// gives it. It is immutable: with returns a copy.
type env struct {
	keys []int
	vals []Val
	fp   string // keys and values, for telling states apart
}

func (e *env) lookup(key int) (Val, bool) {
	if i, found := slices.BinarySearch(e.keys, key); found {
		return e.vals[i], true
	}
	return Val{}, false
}

func (e *env) with(key int, val Val) *env {
	i, found := slices.BinarySearch(e.keys, key)
	if val.Kind == Unknown && !found || found && e.vals[i].Equal(val) {
		return e
	}
	n := &env{keys: slices.Clone(e.keys), vals: slices.Clone(e.vals)}
	switch {
	case val.Kind == Unknown:
		n.keys, n.vals = slices.Delete(n.keys, i, i+1), slices.Delete(n.vals, i, i+1)
	case found:
		n.vals[i] = val
	default:
		n.keys, n.vals = slices.Insert(n.keys, i, key), slices.Insert(n.vals, i, val)
	}
	var sb strings.Builder
	for i, k := range n.keys {
		sb.WriteString(strconv.Itoa(k))
		sb.WriteByte('=')
		sb.WriteString(n.vals[i].String())
		sb.WriteByte(';')
	}
	n.fp = sb.String()
	return n
}

// A memory cell is a local (Alloc), a global, or a field of a value (its
// FieldAddr's base and field), so that two FieldAddr instructions of one
// field of one value are one cell.
type cell struct {
	base  any // an ssa.Value, or the cell of the value it is a field of
	field int
}

// valueKey returns the key of v in an env.
func (p *Paths) valueKey(v ssa.Value) int { return p.key(cell{v, -1}) }

func (p *Paths) key(c cell) int {
	k, ok := p.keys[c]
	if !ok {
		k = len(p.keys)
		p.keys[c] = k
	}
	return k
}

// contents is the field of a cell that stands for what a variable's
// address holds, apart from the address itself (its value key): a local
// that holds nil has an address that is not nil.
const contents = -2

// cellKey returns the key of the memory cell at addr, or false if addr is
// not a cell the paths follow.
func (p *Paths) cellKey(addr ssa.Value) (int, bool) {
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.Global:
		return p.key(cell{a, contents}), true
	case *ssa.FieldAddr:
		switch x := a.X.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			return p.key(cell{cell{x, -1}, a.Field}), true
		}
		if base, ok := p.cellKey(a.X); ok {
			return p.key(cell{base, a.Field}), true
		}
	}
	return 0, false
}

// A state is a point on a path: the block, the edge it came in on, the
// first instruction still to run, and what the path knows.
type state struct {
	b, from *ssa.BasicBlock
	idx     int
	env     *env
	via     string
}

// walk follows the paths from instruction idx of block b, never entering
// avoid.
func (p *Paths) walk(b *ssa.BasicBlock, idx int, e *env, avoid *ssa.BasicBlock, depth int) *Region {
	r := &Region{Blocks: make(map[*ssa.BasicBlock]bool), Via: make(map[*ssa.BasicBlock]string), Complete: true}
	seen := make(map[string]bool)
	returned := make(map[string]bool)
	passed := make(map[*ssa.If]bool)
	stack := []state{{b: b, idx: idx, env: e}}
	push := func(from *ssa.BasicBlock, to *ssa.BasicBlock, e *env, via string) {
		if to == avoid {
			return
		}
		// The φ-nodes of to take their values on this edge, all at once.
		pred := slices.Index(to.Preds, from)
		n := e
		for _, instr := range to.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			n = n.with(p.valueKey(phi), p.val(phi.Edges[pred], e, depth, nil))
		}
		key := strconv.Itoa(to.Index) + "/" + strconv.Itoa(from.Index) + "/" + n.fp
		if seen[key] {
			return
		}
		seen[key] = true
		stack = append(stack, state{b: to, from: from, env: n, via: via})
	}
	for steps := 0; len(stack) > 0; steps++ {
		if steps > maxStates {
			r.Complete = false
			break
		}
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if st.from != nil && !r.Blocks[st.b] {
			r.Blocks[st.b] = true
			r.Order = append(r.Order, st.b)
			r.Via[st.b] = st.via
		}
		p.step(st, depth, r, push, returned, passed)
	}
	return r
}

// step runs the instructions of one state's block and follows its
// terminator.
func (p *Paths) step(st state, depth int, r *Region, push func(from, to *ssa.BasicBlock, e *env, via string), returned map[string]bool, passed map[*ssa.If]bool) {
	e := st.env
	for _, instr := range st.b.Instrs[st.idx:] {
		switch in := instr.(type) {
		case *ssa.Alloc:
			e = p.zeroRecord(in, e)
		case *ssa.Store:
			if key, ok := p.cellKey(in.Addr); ok {
				e = e.with(key, p.val(in.Val, e, depth, nil))
			}
		case *ssa.FieldAddr:
			if p.val(in.X, e, depth, nil).IsNil() {
				return // a nil dereference: no run goes on
			}
		case *ssa.UnOp:
			if in.Op == token.MUL && p.val(in.X, e, depth, nil).IsNil() {
				return
			}
		case *ssa.Call:
			if p.call(&in.Call, e, depth).NoReturn {
				return
			}
		case *ssa.Panic:
			return
		case *ssa.If:
			var via string
			t := p.val(in.Cond, e, depth, &via)
			if t.Kind == Infeasible {
				return
			}
			if !passed[in] {
				passed[in] = true
				r.Branches = append(r.Branches, in)
			}
			if st.via != "" {
				via = st.via // the first decider on the path names it
			}
			b := in.Block()
			if value, ok := t.Truth(); ok {
				succ := b.Succs[1]
				if value {
					succ = b.Succs[0]
				}
				push(b, succ, e, via)
				return
			}
			push(b, b.Succs[0], e, st.via)
			push(b, b.Succs[1], e, st.via)
			return
		case *ssa.Return:
			res := make([]Val, len(in.Results))
			var sb strings.Builder
			sb.WriteString(strconv.Itoa(int(in.Pos())))
			for i, v := range in.Results {
				res[i] = p.val(v, e, depth, nil)
				sb.WriteString("|" + res[i].String())
			}
			if key := sb.String(); !returned[key] {
				returned[key] = true
				r.Returns = append(r.Returns, Returned{Ret: in, Results: res, Via: st.via})
			}
			return
		case *ssa.Jump:
			push(in.Block(), in.Block().Succs[0], e, st.via)
			return
		}
	}
}

// val returns what v is on a path that knows e. via, if not nil, is set to
// the function that decided it, when a call did.
func (p *Paths) val(v ssa.Value, e *env, depth int, via *string) Val {
	if known, ok := e.lookup(p.valueKey(v)); ok {
		return known
	}
	if p.hooks.Value != nil {
		if known, ok := p.hooks.Value(v); ok {
			return known
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		switch {
		case v.IsNil():
			return Nil
		case v.Value != nil:
			return Val{Kind: Known, Const: v.Value}
		}
	case *ssa.MakeInterface:
		return p.val(v.X, e, depth, via)
	case *ssa.ChangeInterface:
		return p.val(v.X, e, depth, via)
	case *ssa.ChangeType:
		return p.val(v.X, e, depth, via)
	case *ssa.Convert:
		return p.val(v.X, e, depth, via)
	case *ssa.UnOp:
		switch v.Op {
		case token.NOT:
			x := p.val(v.X, e, depth, via)
			if b, ok := x.Truth(); ok {
				return Bool(!b)
			}
			return x.unknownUnlessInfeasible()
		case token.MUL:
			if key, ok := p.cellKey(v.X); ok {
				if stored, ok := e.lookup(key); ok {
					return stored
				}
			}
			if fa, ok := v.X.(*ssa.FieldAddr); ok {
				return p.field(p.val(fa.X, e, depth, via), fa.X.Type(), fa.Field, true)
			}
			return p.deref(v.X, e, depth, via)
		}
	case *ssa.FieldAddr:
		// The address of a field: never nil, and the address of an
		// embedded struct in which a known field is promoted carries it.
		base := p.val(v.X, e, depth, via)
		switch {
		case base.IsNil():
			return Val{Kind: Infeasible}
		case base.Kind == Infeasible:
			return base
		}
		if f := Field(v.X.Type(), v.Field); f != nil && f.Embedded() && base.Kind == NonNil && base.Field != "" {
			return base
		}
		return Val{Kind: NonNil}
	case *ssa.Field:
		return p.field(p.val(v.X, e, depth, via), v.X.Type(), v.Field, false)
	case *ssa.BinOp:
		x, y := p.val(v.X, e, depth, via), p.val(v.Y, e, depth, via)
		if (v.Op == token.EQL || v.Op == token.NEQ) && p.hooks.Equal != nil && x.Kind != Infeasible && y.Kind != Infeasible {
			if eq, ok := p.hooks.Equal(x, y); ok {
				return Bool(eq == (v.Op == token.EQL))
			}
		}
		return compare(v.Op, x, y)
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Call:
			cr := p.call(&t.Call, e, depth)
			if v.Index < len(cr.Results) {
				p.note(via, cr)
				return cr.Results[v.Index]
			}
		case *ssa.TypeAssert:
			return assertion(p.val(t.X, e, depth, via), t.AssertedType, true, v.Index == 1)
		case *ssa.Lookup:
			if p.val(t.X, e, depth, via).Consents {
				if v.Index == 1 {
					return Bool(true)
				}
				return consenting(v.Type())
			}
		}
	case *ssa.Lookup:
		if !v.CommaOk && p.val(v.X, e, depth, via).Consents {
			return consenting(v.Type())
		}
	case *ssa.TypeAssert:
		x := p.val(v.X, e, depth, via)
		if x.IsNil() {
			return Val{Kind: Infeasible} // the assertion panics
		}
		return assertion(x, v.AssertedType, false, false)
	case *ssa.Call:
		cr := p.call(&v.Call, e, depth)
		if len(cr.Results) == 1 {
			p.note(via, cr)
			return cr.Results[0]
		}
	}
	return Val{}
}

func (p *Paths) note(via *string, cr CallResult) {
	if via != nil && *via == "" && cr.Decider != "" {
		*via = cr.Decider
	}
}

func (v Val) unknownUnlessInfeasible() Val {
	if v.Kind == Infeasible {
		return v
	}
	return Val{}
}

// assertion returns what a type assertion of x to t gives (its ok
// result, for ok; commaOk for either result of the two-result form): a
// nil interface fails it, giving t's zero value; a value whose field is
// known is taken to be of the asserted type (the code asserts the type it
// expects); a boolean or string constant is of a boolean or string type,
// and of no other basic type.
func assertion(x Val, t types.Type, commaOk, ok bool) Val {
	basic, _ := t.Underlying().(*types.Basic)
	switch {
	case x.Kind == Infeasible:
		return x
	case x.IsNil() && ok:
		return Bool(false)
	case x.IsNil():
		return zeroOf(basic)
	case x.Kind == NonNil && x.Field != "" && ok:
		return Bool(true)
	case x.Kind == NonNil && x.Field != "":
		return x
	case x.Consents && ok:
		return Bool(true) // a confirming answer is of the type the code expects
	case x.Consents:
		return consenting(t)
	case x.Kind == Known && basic != nil && (x.Const.Kind() == constant.Bool || x.Const.Kind() == constant.String):
		is := x.Const.Kind() == constant.Bool && basic.Info()&types.IsBoolean != 0 ||
			x.Const.Kind() == constant.String && basic.Info()&types.IsString != 0
		switch {
		case ok:
			return Bool(is)
		case is:
			return x
		case commaOk:
			return zeroOf(basic)
		}
		return Val{Kind: Infeasible} // the assertion panics
	}
	return Val{}
}

// zeroOf returns the zero value of a boolean or string type, nil for any
// other type that is not basic, and nothing known for another basic type.
func zeroOf(basic *types.Basic) Val {
	switch {
	case basic == nil:
		return Nil
	case basic.Info()&types.IsBoolean != 0:
		return Bool(false)
	case basic.Info()&types.IsString != 0:
		return Val{Kind: Known, Const: constant.MakeString("")}
	}
	return Val{}
}

// deref returns what *x is: the object x points to, when x's one field
// is known; nothing when x is nil.
func (p *Paths) deref(x ssa.Value, e *env, depth int, via *string) Val {
	ptr := p.val(x, e, depth, via)
	switch {
	case ptr.IsNil():
		return Val{Kind: Infeasible}
	case ptr.Kind == NonNil && ptr.Field != "":
		return ptr
	}
	return Val{}
}

// field returns what field i of base is (of the struct base points to,
// for addr): the known field's value, or, for an embedded field, base
// itself, in which the known field is promoted.
func (p *Paths) field(base Val, t types.Type, i int, addr bool) Val {
	if base.IsNil() && addr {
		return Val{Kind: Infeasible}
	}
	if base.Kind == Infeasible {
		return base
	}
	if base.Kind != NonNil || base.Field == "" {
		return Val{}
	}
	f := Field(t, i)
	if !addr {
		f = StructField(t, i)
	}
	switch {
	case f == nil:
		return Val{}
	case f.Name() == base.Field:
		return Val{Kind: Known, Const: base.FieldVal}
	case f.Embedded():
		return base
	case base.Consents:
		return consenting(f.Type()) // the content of a confirming answer
	}
	return Val{}
}

// compare returns the value of x op y.
func compare(op token.Token, x, y Val) Val {
	if x.Kind == Infeasible || y.Kind == Infeasible {
		return Val{Kind: Infeasible}
	}
	eq, known := equal(x, y)
	switch op {
	case token.EQL:
		if known {
			return Bool(eq)
		}
	case token.NEQ:
		if known {
			return Bool(!eq)
		}
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if x.Kind == Known && y.Kind == Known && x.Const != nil && y.Const != nil && sameKind(x.Const, y.Const) {
			return Bool(constant.Compare(x.Const, op, y.Const))
		}
	}
	return Val{}
}

func sameKind(a, b constant.Value) bool {
	num := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	return a.Kind() == b.Kind() || num(a.Kind()) && num(b.Kind())
}

// equal tells whether x == y, when the values say.
func equal(x, y Val) (eq, known bool) {
	switch {
	case x.Kind == Known && y.Kind == Known:
		if x.Const == nil || y.Const == nil {
			return x.Const == nil && y.Const == nil, true
		}
		if !sameKind(x.Const, y.Const) {
			return false, false
		}
		return constant.Compare(x.Const, token.EQL, y.Const), true
	case x.IsNil() && y.Kind == NonNil, y.IsNil() && x.Kind == NonNil:
		return false, true
	case x.Consents && y.Kind == Known && y.Const != nil && y.Const.Kind() == constant.Bool:
		return constant.BoolVal(y.Const), true // a box read out of a confirming answer is ticked
	case y.Consents:
		return equal(y, x)
	case x.Kind == NonNil && y.Kind == NonNil && x.Distinct && y.Distinct:
		return x.Tag == y.Tag, true
	}
	return false, false
}

// call returns what a call gives on a path that knows e.
func (p *Paths) call(call *ssa.CallCommon, e *env, depth int) CallResult {
	n := call.Signature().Results().Len()
	unknown := CallResult{Results: make([]Val, n)}
	if _, builtin := call.Value.(*ssa.Builtin); builtin {
		return unknown
	}
	var args []Val
	if call.IsInvoke() {
		args = append(args, p.val(call.Value, e, depth, nil))
	}
	for _, a := range call.Args {
		args = append(args, p.val(a, e, depth, nil))
	}
	if p.hooks.Call != nil {
		eval := func(v ssa.Value) Val { return p.val(v, e, depth, nil) }
		if cr, ok := p.hooks.Call(call, args, eval); ok {
			return cr
		}
	}
	callee := call.StaticCallee()
	if v, ok := mappedString(callee, args); ok {
		return CallResult{Results: []Val{v}}
	}
	if callee == nil || callee.Blocks == nil || callee.Pkg == nil || callee.Pkg.Pkg != p.pkg || depth >= maxDepth || len(args) != len(callee.Params) {
		return unknown
	}
	return p.Summary(callee, args, depth+1)
}

// mappedString returns what a call of callee gives for args when callee
// maps one string to another and depends on nothing else
// (knowledge.StringMap) and args is one known string: a word normalized
// before it is compared (switch strings.ToLower(res.Action)) is the known
// word normalized as at run time.
func mappedString(callee *ssa.Function, args []Val) (Val, bool) {
	if callee == nil || len(args) != 1 || args[0].Kind != Known || args[0].Const == nil || args[0].Const.Kind() != constant.String {
		return Val{}, false
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return Val{}, false
	}
	f, ok := knowledge.StringMap(fn)
	if !ok {
		return Val{}, false
	}
	return Val{Kind: Known, Const: constant.MakeString(f(constant.StringVal(args[0].Const)))}, true
}

// Summary returns what fn gives when called with args (one for each of
// its parameters): the value of each result on which every path that
// returns agrees, and whether no path returns.
func (p *Paths) Summary(fn *ssa.Function, args []Val, depth int) CallResult {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(p.valueKey(fn)))
	for _, a := range args {
		sb.WriteString("|" + a.String())
	}
	key := sb.String()
	if cr, ok := p.summary[key]; ok {
		return *cr
	}
	n := fn.Signature.Results().Len()
	unknown := CallResult{Results: make([]Val, n)}
	if p.inFlight[key] || len(fn.Blocks) == 0 {
		return unknown // recursion: nothing known
	}
	p.inFlight[key] = true
	defer delete(p.inFlight, key)

	e := &env{}
	for i, a := range args {
		if i < len(fn.Params) {
			e = e.with(p.valueKey(fn.Params[i]), a)
		}
	}
	r := p.walk(fn.Blocks[0], 0, e, nil, depth)
	cr := unknown
	if !r.Complete {
		p.summary[key] = &cr
		return cr
	}
	// A function that recovers may return from a panic.
	if len(r.Returns) == 0 && fn.Recover == nil {
		cr.NoReturn = true
	}
	for i := range cr.Results {
		for j, ret := range r.Returns {
			if j == 0 {
				cr.Results[i] = ret.Results[i]
			} else if !cr.Results[i].Equal(ret.Results[i]) {
				cr.Results[i] = Val{}
				break
			}
		}
		if cr.Results[i].Kind != Unknown {
			cr.Decider = FuncName(fn)
		}
	}
	p.summary[key] = &cr
	return cr
}

// consenting returns what a value of type t read out of a confirming
// answer is: true for a bool, nothing known for another basic type (a
// typed word, a number), and a consenting value for any other (the
// content object, a field's value as an interface).
func consenting(t types.Type) Val {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsBoolean != 0 {
			return Bool(true)
		}
		return Val{}
	case *types.Pointer, *types.Map, *types.Interface, *types.Struct:
		return Val{Kind: NonNil, Consents: true}
	}
	return Val{}
}
