package syncask

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// An origin is where a session (or an mcp-go server) that a request is
// sent on comes from, as far as the package shows.
type origin struct {
	// modern: a session that a 2026-07-28 request can bring (a request's
	// Session, the session in a request's context, a field the package
	// fills with one unguarded), or an mcp-go server built without the
	// legacy opt-in.
	modern bool
	// params: the parameters of the function it comes from; the callers
	// decide.
	params uint64
	// optedIn: an mcp-go server built with WithLegacyServerInitiatedRequests.
	optedIn bool
	// unknown: a server the package does not build (from another
	// package): the package-level opt-in decides.
	unknown bool
}

func (o origin) union(p origin) origin {
	return origin{o.modern || p.modern, o.params | p.params, o.optedIn || p.optedIn, o.unknown || p.unknown}
}

type returnKey struct {
	fn *ssa.Function
	i  int
}

// originOf returns where v comes from: flow's backward fold, by syncask's
// rule (computeOrigin); a value met again on a cycle adds nothing.
func (c *checker) originOf(v ssa.Value) origin { return c.origins.Of(v) }

func (c *checker) computeOrigin(v ssa.Value) origin {
	switch x := v.(type) {
	case *ssa.Parameter:
		for i, p := range x.Parent().Params {
			if p == x && i < 64 {
				return origin{params: 1 << i}
			}
		}
	case *ssa.FreeVar:
		// A literal's captured session: what its closure binds, judged
		// where the closure is made.
		if mc, b := c.graph.Binding(x); mc != nil {
			return c.captured(mc, c.originOf(b))
		}
	case *ssa.Phi:
		var o origin
		for _, e := range x.Edges {
			o = o.union(c.originOf(e))
		}
		return o
	case *ssa.ChangeType:
		return c.originOf(x.X)
	case *ssa.Convert:
		return c.originOf(x.X)
	case *ssa.MakeInterface:
		return c.originOf(x.X)
	case *ssa.ChangeInterface:
		return c.originOf(x.X)
	case *ssa.TypeAssert:
		return c.assertedOrigin(x.X)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return c.assertedOrigin(t.X)
			}
		case *ssa.Call:
			return c.callOrigin(t, x.Index)
		}
	case *ssa.Call:
		return c.callOrigin(x, 0)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return c.loadOrigin(x.X)
		}
	case *ssa.Field:
		if s, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < s.NumFields() {
			return c.fieldOrigin(s.Field(x.Field))
		}
	}
	return origin{}
}

// assertedOrigin is the origin of a type assertion of x: a value taken
// from a context (ctx.Value(key).(*mcp.ServerSession)) is the session of
// the request the context belongs to.
func (c *checker) assertedOrigin(x ssa.Value) origin {
	if call, ok := x.(*ssa.Call); ok {
		if obj := staticObj(&call.Call); obj != nil && knowledge.IsContextValue(obj) {
			return origin{modern: true}
		}
	}
	return c.originOf(x)
}

// loadOrigin is the origin of a value loaded from addr.
func (c *checker) loadOrigin(addr ssa.Value) origin {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		f := flow.Field(a.X.Type(), a.Field)
		if f == nil {
			return origin{}
		}
		if knowledge.IsRequestSessionField(f) {
			return origin{modern: true} // req.Session
		}
		return c.fieldOrigin(f)
	case *ssa.Global:
		if a.Pkg != nil && a.Pkg.Pkg != c.pass.Pkg {
			return origin{unknown: true}
		}
		return c.storesOrigin(c.graph.Stores(a))
	case *ssa.Alloc:
		return c.storesOrigin(c.graph.Stores(a))
	case *ssa.FreeVar:
		if mc, b := c.graph.Binding(a); mc != nil {
			return c.captured(mc, c.loadOrigin(b))
		}
	}
	return origin{}
}

// fieldOrigin is the origin of a session read from field f: what the
// package stores in it. A field the package never stores into is filled
// by whoever builds the value, who decides when to hand the session over.
func (c *checker) fieldOrigin(f *types.Var) origin {
	if f.Pkg() != nil && f.Pkg() != c.pass.Pkg {
		if f.Pkg().Path() == knowledge.MCPGoServerPath || f.Pkg().Path() == knowledge.GoSDKPath {
			return origin{}
		}
		return origin{unknown: true}
	}
	return c.storesOrigin(c.graph.FieldStores(f))
}

// storesOrigin is the union of the origins of what stores put in a place,
// leaving out the stores that a legacy branch dominates: a value built only
// on the legacy path carries a legacy session. A stored parameter is
// judged by the callers of the storing function, one level up; a storing
// function whose callers the package does not see (exported, or used as
// a value) counts as filling it with a modern session.
func (c *checker) storesOrigin(stores []flow.Store) origin {
	var o origin
	for _, s := range stores {
		fn := s.At.Parent()
		if guarded, _ := c.guard(fn, s.At.Block()); guarded || c.reached[fn] == nil || c.inTest(fn) {
			continue // built on a legacy path, where no entry leads unguarded, or by a test with its own sessions
		}
		if holder := storeHolder(s.At); holder != nil && !c.mayAsk(holder, 0) {
			continue // the value built never reaches a request
		}
		so := c.originOf(s.Val)
		if so.params != 0 {
			so = c.paramsByCallers(fn, so)
		}
		o = o.union(so)
	}
	o.params = 0 // a field is no parameter of the function reading it
	return o
}

// storeHolder returns the value built where a store puts a session in a
// field of it (&prompter{session: ss}), or nil.
func storeHolder(st *ssa.Store) *ssa.Alloc {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	alloc, _ := fa.X.(*ssa.Alloc)
	return alloc
}

// mayAsk reports whether the value v (a struct holding a session, or the
// session itself) may reach a server-to-client request: it is the receiver
// or an argument of a request, escapes where the package does not see (a
// call of another package, a store, a return), or is passed to a function
// of the package that may. A value that only meets the SDK's other
// methods and the package's functions that never ask stays clear.
func (c *checker) mayAsk(v ssa.Value, depth int) bool {
	if depth > 6 {
		return true
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				switch fr := fr.(type) {
				case *ssa.Store:
					if fr.Val == r {
						return true
					}
				case *ssa.UnOp:
					if c.mayAsk(fr, depth+1) {
						return true
					}
				case *ssa.DebugRef:
				default:
					return true
				}
			}
		case *ssa.Field:
			if c.mayAsk(r, depth+1) {
				return true
			}
		case *ssa.UnOp:
			if r.Op == token.MUL && c.mayAsk(r, depth+1) {
				return true
			}
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.Phi:
			if c.mayAsk(r.(ssa.Value), depth+1) {
				return true
			}
		case ssa.CallInstruction:
			if c.callMayAsk(r, v, depth) {
				return true
			}
		case *ssa.BinOp, *ssa.If:
		default:
			return true // stored, returned, sent: where it goes is not seen
		}
	}
	return false
}

// callMayAsk reports whether call, which is passed v, may make a request
// with it.
func (c *checker) callMayAsk(call ssa.CallInstruction, v ssa.Value, depth int) bool {
	common := call.Common()
	if obj := staticObj(common); obj != nil {
		if _, ok := knowledge.ServerAsk(obj); ok {
			return true
		}
		if obj.Pkg() != nil && knowledge.InAPIModule(obj.Pkg().Path()) {
			return false // another method of the SDK's (InitializeParams)
		}
	}
	callees := c.callees(common)
	if len(callees) == 0 {
		return true
	}
	for _, fn := range callees {
		for i := range fn.Params {
			if argFor(call, i) == v && c.mayAsk(fn.Params[i], depth+1) {
				return true
			}
		}
	}
	return false
}

// paramsByCallers replaces the parameters of o, an origin in fn, by what
// fn's callers in the package pass, one level up.
func (c *checker) paramsByCallers(fn *ssa.Function, o origin) origin {
	out := origin{modern: o.modern, optedIn: o.optedIn, unknown: o.unknown}
	if c.unknownCallers(fn) {
		out.modern = true
	}
	for _, e := range c.callers[fn] {
		if guarded, _ := c.guard(e.caller, e.site.Block()); guarded || c.inTest(e.caller) {
			continue
		}
		for i := 0; i < 64; i++ {
			if o.params&(1<<i) == 0 {
				continue
			}
			if a := argFor(e.site, i); a != nil {
				ao := c.originOf(a)
				ao.params = 0
				out = out.union(ao)
			}
		}
	}
	return out
}

// captured is the origin of a value that a closure made by mc captures,
// o in the enclosing function: the enclosing function's parameters are
// judged by its callers, one level up.
func (c *checker) captured(mc *ssa.MakeClosure, o origin) origin {
	if o.params != 0 {
		return c.paramsByCallers(mc.Parent(), o)
	}
	return o
}

// callOrigin is the origin of result i of call.
func (c *checker) callOrigin(call *ssa.Call, i int) origin {
	common := &call.Call
	if obj := staticObj(common); obj != nil {
		switch {
		case knowledge.IsSessionFromContext(obj):
			return origin{modern: true}
		case knowledge.IsServerConnect(obj):
			// A session the package opens itself: at the version its own
			// client asks for, modern unless the package pins a legacy one
			// (legacyPin).
			return origin{modern: true}
		case knowledge.IsServerFromContext(obj):
			return c.servingServer(call.Parent())
		case knowledge.IsNewMCPGoServer(obj):
			if c.optsIn(common.Args) {
				return origin{optedIn: true}
			}
			return origin{modern: true}
		}
	}
	callees := c.callees(common)
	if len(callees) == 0 {
		if obj := staticObj(common); obj != nil && obj.Pkg() != c.pass.Pkg && !knowledge.InAPIModule(pkgPath(obj)) {
			return origin{unknown: true}
		}
		return origin{}
	}
	var o origin
	for _, fn := range callees {
		r := c.returnOrigin(fn, i)
		if r.params != 0 {
			// The callee returns what it was passed: the caller's arguments.
			params := r.params
			r.params = 0
			for p := 0; p < 64; p++ {
				if params&(1<<p) != 0 {
					if a := argFor(call, p); a != nil {
						r = r.union(c.originOf(a))
					}
				}
			}
		}
		o = o.union(r)
	}
	return o
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// returnOrigin is the origin of result i of fn, over its returns.
func (c *checker) returnOrigin(fn *ssa.Function, i int) origin {
	k := returnKey{fn, i}
	if o, ok := c.returns[k]; ok {
		return o
	}
	c.returns[k] = origin{}
	var o origin
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			o = o.union(c.originOf(ret.Results[i]))
		}
	}
	c.returns[k] = o
	return o
}

// servingServer is the origin of the server that serves the requests of
// fn (server.ServerFromContext): the servers fn, or the handler whose
// literal it is, is registered on, or, if the package registers it on
// none, a server it does not build.
func (c *checker) servingServer(fn *ssa.Function) origin {
	for ; fn != nil; fn = fn.Parent() {
		if servers := c.handlerServer[fn]; len(servers) > 0 {
			var o origin
			for _, s := range servers {
				so := c.originOf(s)
				if so.params != 0 {
					so = c.paramsByCallers(s.Parent(), so)
				}
				o = o.union(so)
			}
			o.params = 0
			return o
		}
	}
	return origin{unknown: true}
}

// optsIn reports whether the options passed to server.NewMCPServer
// include WithLegacyServerInitiatedRequests().
func (c *checker) optsIn(args []ssa.Value) bool {
	for _, a := range args {
		slice, ok := a.(*ssa.Slice)
		if !ok {
			continue
		}
		alloc, ok := slice.X.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, ir := range *ia.Referrers() {
				st, ok := ir.(*ssa.Store)
				if !ok {
					continue
				}
				if call, ok := st.Val.(*ssa.Call); ok {
					if obj := staticObj(&call.Call); obj != nil && knowledge.IsLegacyOptIn(obj) {
						return true
					}
				}
			}
		}
	}
	return false
}

// argFor returns the argument of a call that parameter i of the callee
// receives (the receiver first), or nil.
func argFor(site ssa.CallInstruction, i int) ssa.Value {
	common := site.Common()
	if common.IsInvoke() {
		if i == 0 {
			return common.Value
		}
		i--
	}
	if i < len(common.Args) {
		return common.Args[i]
	}
	return nil
}

// inTest reports whether fn is written in a _test.go file: a test of the
// package drives its own server, with sessions it opened itself, so what
// it passes to or stores for the package's code says nothing of the
// sessions real clients bring.
func (c *checker) inTest(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	f := c.pass.Fset.File(fn.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// unknownCallers reports whether fn may be called from where the package
// does not see: it is exported from a non-main package (a method too), is
// used as a value, or is called nowhere in the package.
func (c *checker) unknownCallers(fn *ssa.Function) bool {
	if c.legacyHook[fn] {
		return false
	}
	if c.addrTaken[fn] {
		return true
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if obj.Exported() && c.pass.Pkg.Name() != "main" {
			return true
		}
		if c.pass.Pkg.Name() == "main" && (obj.Name() == "main" || obj.Name() == "init") && fn.Signature.Recv() == nil {
			return true
		}
	}
	if fn.Parent() != nil {
		return c.graph.Prog.Closures[fn] == nil && len(c.callers[fn]) == 0
	}
	return len(c.callers[fn]) == 0
}
