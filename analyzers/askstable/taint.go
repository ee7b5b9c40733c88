package askstable

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

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
