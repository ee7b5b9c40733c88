package syncask

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// The calls of the package (resolved by the shared flow layer: static
// callees, interface methods, function values) and how functions are
// entered: which ones callers the package does not see can run, and which
// ones only older sessions reach.

type checker struct {
	pass  *analysis.Pass
	graph *flow.Graph
	rep   *suppress.Reporter
	funcs []*ssa.Function
	inPkg map[*ssa.Function]bool

	legacyHook    map[*ssa.Function]bool        // registered where only older sessions reach it
	handlerServer map[*ssa.Function][]ssa.Value // an mcp-go handler -> the servers it is registered on
	owners        []types.Type                  // *mcp.ServerSession, *server.MCPServer

	optIn     bool // the package builds an mcp-go server with the legacy opt-in
	optInSeen bool // ... or imports a package that does
	inProcess bool // an mcp-go server is connected in process
	legacyPin bool // the package connects its own server and a client pinned before 2026-07-28

	checks     map[*ssa.Function]*VersionCheck // functions returning a version check
	checksSeen int                             // len(checks) when classified was last cleared
	classified map[classifyKey][2]Side         // memo of classify
	blockSides map[*ssa.Function]*blockSides   // what the branches say at each block

	sites  []*askSite
	remote []*remoteSite

	reached map[*ssa.Function]*ssa.Function // function -> the entry it is reached from, unguarded
	origins *flow.Provenance[origin]        // where each session or server comes from
}

func newChecker(pass *analysis.Pass, g *flow.Graph, funcs []*ssa.Function) *checker {
	c := &checker{
		pass:          pass,
		graph:         g,
		rep:           suppress.New(pass),
		funcs:         funcs,
		inPkg:         make(map[*ssa.Function]bool),
		legacyHook:    make(map[*ssa.Function]bool),
		handlerServer: make(map[*ssa.Function][]ssa.Value),
		checks:        make(map[*ssa.Function]*VersionCheck),
		classified:    make(map[classifyKey][2]Side),
		blockSides:    make(map[*ssa.Function]*blockSides),
		reached:       make(map[*ssa.Function]*ssa.Function),
		owners:        knowledge.AskOwners(pass.Pkg),
	}
	c.origins = c.provenance()
	for _, fn := range funcs {
		c.inPkg[fn] = true
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(LegacyOptIn)) {
			c.optInSeen = true
		}
	}
	return c
}

// index records, in one pass over the instructions, the calls of package
// functions, the functions used as values, the legacy-only registrations,
// the stores into fields and globals and the package's own connections.
// It runs only in a package that makes a request (findAsks).
func (c *checker) index() {
	pinnedClient, ownServer := false, false
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					c.indexStore(st)
				}
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				obj := staticObj(call.Common())
				if obj == nil {
					continue
				}
				// A test's in-process or pinned connections are its own: they
				// say nothing of the clients the package's code serves.
				own := !c.inTest(fn)
				switch {
				case knowledge.IsInProcess(obj):
					c.inProcess = c.inProcess || own
				case knowledge.IsServerConnect(obj):
					ownServer = ownServer || own
				case knowledge.IsClientConnect(obj):
					if !own {
						break
					}
					if n := len(call.Common().Args); n > 0 && pinsLegacy(call.Common().Args[n-1]) {
						pinnedClient = true
					}
				case knowledge.IsNotificationHandlerRegistration(obj):
					if args := call.Common().Args; len(args) == 3 {
						if k, ok := args[1].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String && knowledge.LegacyOnlyNotification(constant.StringVal(k.Value)) {
							c.markHook(args[2])
						}
					}
				default:
					if i, ok := knowledge.LegacyOnlyHookArg(obj); ok && i < len(call.Common().Args) {
						c.markHook(call.Common().Args[i])
					}
				}
				if knowledge.IsMCPGoServerMethod(obj) && !call.Common().IsInvoke() && len(call.Common().Args) > 0 {
					// A handler registered on a server runs on it.
					args := call.Common().Args
					for _, a := range args[1:] {
						for _, h := range c.graph.FuncValues(a) {
							c.handlerServer[h] = append(c.handlerServer[h], args[0])
						}
					}
				}
			}
		}
	}
	c.legacyPin = pinnedClient && ownServer
}

// indexStore marks the handlers stored in fields that only older
// sessions reach (go-sdk's InitializedHandler, RootsListChangedHandler).
func (c *checker) indexStore(st *ssa.Store) {
	if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
		if f := flow.Field(fa.X.Type(), fa.Field); f != nil && knowledge.IsLegacyOnlyHandlerField(f) {
			c.markHook(st.Val)
		}
	}
}

// markHook marks the functions that v, a function value registered where
// only older sessions reach it, can be.
func (c *checker) markHook(v ssa.Value) {
	for _, fn := range c.graph.FuncValues(v) {
		c.legacyHook[fn] = true
	}
}

// pinsLegacy reports whether v is a *mcp.ClientSessionOptions whose
// ProtocolVersion is set to a constant before 2026-07-28.
func pinsLegacy(v ssa.Value) bool {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		f := flow.Field(fa.X.Type(), fa.Field)
		if f == nil || !knowledge.IsClientVersionField(f) {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if st, ok := fr.(*ssa.Store); ok {
				if k, ok := st.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
					if s := constant.StringVal(k.Value); s != "" && s < knowledge.ModernProtocolVersion {
						return true
					}
				}
			}
		}
	}
	return false
}

// staticObj returns the function or method a call names statically (a
// bound method value included), or the interface method it invokes.
func staticObj(common *ssa.CallCommon) *types.Func {
	if common.IsInvoke() {
		return common.Method
	}
	if fn := common.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.Origin()
		}
	}
	return nil
}

// callees returns the package functions a call may run, as the flow
// layer resolves them.
func (c *checker) callees(common *ssa.CallCommon) []*ssa.Function {
	cs, _ := c.graph.Callees(common)
	var out []*ssa.Function
	for _, callee := range cs {
		if callee.Func != nil && c.inPkg[callee.Func] {
			out = append(out, callee.Func)
		}
	}
	return out
}
