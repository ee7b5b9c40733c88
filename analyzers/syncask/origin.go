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
// sent on comes from, as far as the package shows: syncask's property in
// flow's provenance walk, which carries the parameters (the callers
// decide) beside it.
type origin struct {
	// modern: a session that a 2026-07-28 request can bring (a request's
	// Session, the session in a request's context, a field the package
	// fills with one unguarded), or an mcp-go server built without the
	// legacy opt-in.
	modern bool
	// optedIn: an mcp-go server built with WithLegacyServerInitiatedRequests.
	optedIn bool
	// unknown: a server the package does not build (from another
	// package): the package-level opt-in decides.
	unknown bool
}

func (o origin) union(p origin) origin {
	return origin{o.modern || p.modern, o.optedIn || p.optedIn, o.unknown || p.unknown}
}

// provenance is flow's provenance walk by syncask's rules: the sources it
// knows (the tables), the places of other packages, and which stores and
// callers count.
func (c *checker) provenance() *flow.Provenance[origin] {
	return flow.NewProvenance(c.graph, flow.ProvenanceRules[origin]{
		Join:    origin.union,
		Source:  c.source,
		Place:   c.place,
		Outside: c.outside,
		Store:   c.storeCounts,
		Caller:  c.callerCounts,
		// What callers the package does not see pass is a session a
		// modern request can bring, unless the function is registered
		// where only older sessions reach it.
		Unseen: func(fn *ssa.Function) origin { return origin{modern: !c.legacyHook[fn]} },
	})
}

// originOf returns where v comes from.
func (c *checker) originOf(v ssa.Value) flow.From[origin] { return c.origins.Of(v) }

// source returns the origin of v if the tables say what v is: a session
// taken from a request's context (ctx.Value(key).(*mcp.ServerSession), or
// the SDK's function for it), one the package opens itself, the server
// that serves a handler, an mcp-go server the package builds.
func (c *checker) source(v ssa.Value) (origin, bool) {
	switch x := v.(type) {
	case *ssa.TypeAssert:
		return origin{modern: true}, isContextValue(x.X)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			return origin{modern: true}, x.Index == 0 && isContextValue(t.X)
		case *ssa.Call:
			return c.callSource(t)
		}
	case *ssa.Call:
		return c.callSource(x)
	}
	return origin{}, false
}

// isContextValue reports whether x is a call of context.Context.Value.
func isContextValue(x ssa.Value) bool {
	call, ok := x.(*ssa.Call)
	if !ok {
		return false
	}
	obj := staticObj(&call.Call)
	return obj != nil && knowledge.IsContextValue(obj)
}

// callSource is the origin of the results of a call of an API in the
// tables.
func (c *checker) callSource(call *ssa.Call) (origin, bool) {
	obj := staticObj(&call.Call)
	if obj == nil {
		return origin{}, false
	}
	switch {
	case knowledge.IsSessionFromContext(obj):
		return origin{modern: true}, true
	case knowledge.IsServerConnect(obj):
		// A session the package opens itself: at the version its own
		// client asks for, modern unless the package pins a legacy one
		// (legacyPin).
		return origin{modern: true}, true
	case knowledge.IsServerFromContext(obj):
		return c.servingServer(call.Parent()), true
	case knowledge.IsNewMCPGoServer(obj):
		if c.optsIn(call.Call.Args) {
			return origin{optedIn: true}, true
		}
		return origin{modern: true}, true
	}
	return origin{}, false
}

// place is the origin of a session read from a field or a global that the
// package's stores do not decide: a request's Session; a field of the
// SDKs' other types (the SDK fills them when it hands the session over);
// a field or global of another package, filled by whoever builds the
// value, who decides when to hand the session over.
func (c *checker) place(v *types.Var) (origin, bool) {
	if v.IsField() && knowledge.IsRequestSessionField(v) {
		return origin{modern: true}, true // req.Session
	}
	if v.Pkg() == c.pass.Pkg && v.IsField() && v.Exported() && len(c.graph.FieldStores(v)) == 0 {
		// An exported field the package never fills (mcpkit's
		// ServerSamplingClient.Server): whoever builds the value puts
		// a server there that the package does not build.
		return origin{unknown: true}, true
	}
	if v.Pkg() == nil || v.Pkg() == c.pass.Pkg {
		return origin{}, false
	}
	if v.IsField() && (v.Pkg().Path() == knowledge.MCPGoServerPath || v.Pkg().Path() == knowledge.GoSDKPath) {
		return origin{}, true
	}
	return origin{unknown: true}, true
}

// outside is the origin of a result of a call of no function of the
// package: a server from another package (not the SDKs') is one the
// package does not build.
func (c *checker) outside(call *ssa.Call) origin {
	if obj := staticObj(&call.Call); obj != nil && obj.Pkg() != c.pass.Pkg && !knowledge.InAPIModule(pkgPath(obj)) {
		return origin{unknown: true}
	}
	return origin{}
}

// storeCounts reports whether a store of a session into a place counts:
// not one that a legacy branch dominates (a value built only on the
// legacy path carries a legacy session), nor one in a function no entry
// reaches unguarded, nor one of a test (with its own sessions), nor one
// into a value that never reaches a request. A stored parameter is judged
// by the callers of the storing function, up to where it is made (flow's
// rule).
func (c *checker) storeCounts(s flow.Store) bool {
	fn := s.At.Parent()
	if guarded, _ := c.guard(fn, s.At.Block()); guarded || c.reached[fn] == nil || c.inTest(fn) {
		return false
	}
	if holder := storeHolder(s.At); holder != nil && !c.mayAsk(holder, 0) {
		return false // the value built never reaches a request
	}
	return true
}

// callerCounts reports whether a call counts when its callee's session
// parameters are judged by the callers: not a guarded call, nor a test's.
func (c *checker) callerCounts(e flow.Call) bool {
	guarded, _ := c.guard(e.Caller, e.Site.Block())
	return !guarded && !c.inTest(e.Caller)
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
			if flow.Arg(call, i) == v && c.mayAsk(fn.Params[i], depth+1) {
				return true
			}
		}
	}
	return false
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
				o = o.union(c.origins.Up(s.Parent(), c.originOf(s)).Val)
			}
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
// does not see ([flow.Graph.UnseenCallers]), other than by the SDK on the
// older sessions that only reach a legacy-only registration.
func (c *checker) unknownCallers(fn *ssa.Function) bool {
	return !c.legacyHook[fn] && c.graph.UnseenCallers(fn)
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}
