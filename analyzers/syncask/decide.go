package syncask

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// An askSite is a call of a server-to-client request method, directly or
// through an interface that the SDK's type implements.
type askSite struct {
	call ssa.CallInstruction
	fn   *ssa.Function
	ask  knowledge.Ask
	recv ssa.Value // the session or server it is sent on
	done bool      // reported
}

// A remoteSite is a call of another package's function that sends a
// request on a session it is passed (fact SessionAsk).
type remoteSite struct {
	call   ssa.CallInstruction
	fn     *ssa.Function
	callee *types.Func
	param  AskParam
	done   bool
}

// findAsks records the package's requests, its calls of other packages'
// functions that make them, and whether it builds an mcp-go server with
// the legacy opt-in.
func (c *checker) findAsks() {
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if obj := staticObj(call.Common()); obj != nil && knowledge.IsLegacyOptIn(obj) {
					c.optIn = true
				}
				if s := c.askOf(call, fn); s != nil {
					c.sites = append(c.sites, s)
					continue
				}
				obj := staticObj(call.Common())
				if obj == nil || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
					continue
				}
				var fact SessionAsk
				if c.pass.ImportObjectFact(obj, &fact) {
					for _, p := range fact.Params {
						c.remote = append(c.remote, &remoteSite{call: call, fn: fn, callee: obj, param: p})
					}
				}
			}
		}
	}
}

// askOf returns the request that call makes, if it is one.
func (c *checker) askOf(call ssa.CallInstruction, fn *ssa.Function) *askSite {
	common := call.Common()
	obj := staticObj(common)
	if obj == nil {
		return nil
	}
	var recv ssa.Value
	switch {
	case common.IsInvoke():
		recv = common.Value
	case len(common.Args) > 0 && obj.Signature().Recv() != nil && common.StaticCallee() != nil && common.StaticCallee().Signature.Recv() != nil:
		recv = common.Args[0]
	default:
		if mc, ok := common.Value.(*ssa.MakeClosure); ok && len(mc.Bindings) == 1 {
			recv = mc.Bindings[0] // a method value, s.RequestSampling
		}
	}
	if ask, ok := knowledge.ServerAsk(obj); ok && recv != nil {
		return &askSite{call: call, fn: fn, ask: ask, recv: recv}
	}
	if !common.IsInvoke() {
		return nil
	}
	// An interface of the user's that the SDK's session or server
	// implements: its method is the SDK's.
	iface, ok := obj.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if ask, ok := knowledge.ServerAskShape(obj); ok {
		return &askSite{call: call, fn: fn, ask: ask, recv: recv}
	}
	for _, owner := range c.owners {
		if !types.Implements(owner, iface) {
			continue
		}
		m, _, _ := types.LookupFieldOrMethod(owner, true, obj.Pkg(), obj.Name())
		if m, ok := m.(*types.Func); ok {
			if ask, ok := knowledge.ServerAsk(m); ok {
				return &askSite{call: call, fn: fn, ask: ask, recv: recv}
			}
		}
	}
	return nil
}

// reach marks the functions that an entry the package does not control
// (a handler, an exported function, a function used as a value) reaches
// with no version check on the way, each with the entry it is reached
// from. Legacy-only registrations (initialize hooks, the handlers of
// notifications only older sessions send) are no such entry.
func (c *checker) reach() {
	var queue []*ssa.Function
	for _, fn := range c.funcs {
		if c.unknownCallers(fn) {
			c.reached[fn] = fn
			queue = append(queue, fn)
		}
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, e := range c.graph.Calls(fn) {
			if _, done := c.reached[e.Callee]; done || c.legacyHook[e.Callee] {
				continue
			}
			if guarded, _ := c.guard(fn, e.Site.Block()); guarded {
				continue
			}
			c.reached[e.Callee] = c.reached[fn]
			queue = append(queue, e.Callee)
		}
	}
}

// A pending request is one sent on a parameter of fn: fn's callers decide.
type pending struct {
	fn    *ssa.Function
	param int
	local *askSite    // the request, in this package
	far   *remoteSite // or the call of another package's function that makes it
}

// decide reports each request that a modern session reaches unguarded,
// following sessions passed as parameters up to the callers, and exports
// a SessionAsk fact for each exported function whose callers decide.
func (c *checker) decide() {
	var work []pending
	for _, s := range c.sites {
		if !s.ask.Refused && !all || c.inTest(s.fn) {
			continue // a test asks the server it drives itself
		}
		if s.ask.API != knowledge.AskSession && c.inProcess {
			continue
		}
		guarded, modernOnly := c.guard(s.fn, s.call.Block())
		if guarded {
			continue
		}
		if modernOnly {
			c.reportModern(s)
			continue
		}
		o := c.originOf(s.recv)
		if c.modern(s.ask.API, o.Val) {
			c.reportLocal(s, s.fn)
		}
		for i := 0; i < 64; i++ {
			if o.Params&(1<<i) != 0 {
				work = append(work, pending{fn: s.fn, param: i, local: s})
			}
		}
	}
	for _, r := range c.remote {
		if !r.param.Ref && !all || c.inTest(r.fn) {
			continue
		}
		if guarded, _ := c.guard(r.fn, r.call.Block()); guarded {
			continue
		}
		a := flow.Arg(r.call, r.param.Param)
		if a == nil {
			continue
		}
		o := c.originOf(a)
		if c.modern(r.param.API, o.Val) {
			c.reportRemote(r, r.call, r.fn)
		}
		for i := 0; i < 64; i++ {
			if o.Params&(1<<i) != 0 {
				work = append(work, pending{fn: r.fn, param: i, far: r})
			}
		}
	}

	// Up the callers, to a fixed point over (function, parameter, request).
	type key struct {
		fn    *ssa.Function
		param int
		local *askSite
		far   *remoteSite
	}
	seen := make(map[key]bool)
	var facts = make(map[*ssa.Function][]pending)
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		k := key{p.fn, p.param, p.local, p.far}
		if seen[k] {
			continue
		}
		seen[k] = true
		facts[p.fn] = append(facts[p.fn], p)
		api := p.api()
		for _, e := range c.graph.Callers(p.fn) {
			if !c.callerCounts(e) {
				continue // guarded, or a test passing the sessions it opened itself
			}
			a := flow.Arg(e.Site, p.param)
			if a == nil {
				continue
			}
			o := c.originOf(a)
			if c.modern(api, o.Val) {
				if p.local != nil {
					c.reportLocal(p.local, e.Caller)
				} else {
					c.reportRemote(p.far, e.Site, e.Caller)
				}
			}
			for i := 0; i < 64; i++ {
				if o.Params&(1<<i) != 0 {
					work = append(work, pending{fn: e.Caller, param: i, local: p.local, far: p.far})
				}
			}
		}
	}
	c.exportSessionAsks(facts)
}

func (p pending) api() knowledge.AskAPI {
	if p.local != nil {
		return p.local.ask.API
	}
	return p.far.param.API
}

// modern reports whether a request of api on a session or server of
// origin o can meet a 2026-07-28 request.
func (c *checker) modern(api knowledge.AskAPI, o origin) bool {
	if api == knowledge.AskServer {
		// mcp-go's MCPServer: the server decides by its opt-in.
		if o.modern {
			return true
		}
		return o.unknown && !c.optIn && !c.optInSeen
	}
	return o.modern && !c.legacyPin
}

// exportSessionAsks exports the facts of the package's exported functions
// whose requests their callers decide.
func (c *checker) exportSessionAsks(facts map[*ssa.Function][]pending) {
	if c.pass.Pkg.Name() == "main" {
		return
	}
	for _, fn := range c.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || len(facts[fn]) == 0 {
			continue
		}
		var fact SessionAsk
		for _, p := range facts[fn] {
			ap := AskParam{Param: p.param}
			if p.local != nil {
				ap.Ask, ap.API, ap.Ref, ap.In = p.local.ask.Name, p.local.ask.API, p.local.ask.Refused, flow.FuncName(p.local.call.Parent())
			} else {
				ap.Ask, ap.API, ap.Ref, ap.In = p.far.param.Ask, p.far.param.API, p.far.param.Ref, p.far.param.In
			}
			if !slices.Contains(fact.Params, ap) {
				fact.Params = append(fact.Params, ap)
			}
		}
		c.pass.ExportObjectFact(obj, &fact)
	}
}

const (
	modernSessions = "sessions at protocol 2026-07-28 or later"
	resolverFix    = "ask through a resolver (resolve.Ask) or return InputRequests from the handler, or check the negotiated protocol version before the call"
	mcpgoFix       = "return InputRequests from the handler (server.InputRequestBuilder), or check server.IsModernRequest(ctx) before the call"
)

// message is the text of a request that a modern session reaches.
func message(ask knowledge.Ask, entry string) (category, msg string) {
	switch ask.API {
	case knowledge.AskSession:
		if ask.Refused {
			return CategoryRefused, fmt.Sprintf("%s fails on %s%s: go-sdk refuses server-to-client requests there; %s", ask.Name, modernSessions, entry, resolverFix)
		}
		return CategoryRefused, fmt.Sprintf("%s will fail on %s%s (go-sdk v1.7.0 and later refuse server-to-client requests there); %s", ask.Name, modernSessions, entry, resolverFix)
	case knowledge.AskServer:
		if ask.Refused {
			return CategoryRefused, fmt.Sprintf("%s fails on %s%s: mcp-go returns ErrServerInitiatedRequestUnsupported there; %s", ask.Name, modernSessions, entry, mcpgoFix)
		}
		return CategoryRefused, fmt.Sprintf("%s will fail on %s%s once mcp-go supports that version; %s", ask.Name, modernSessions, entry, mcpgoFix)
	}
	return CategorySession, fmt.Sprintf("%s sends a server-to-client request whatever the protocol version: on %s%s the protocol forbids it and the client need not answer; %s", ask.Name, modernSessions, entry, mcpgoFix)
}

// entry names, in a message, the entry a request is reached from, when it
// is not the function that makes the request.
func (c *checker) entry(fn *ssa.Function) string {
	root := c.reached[fn]
	if root == nil || root == fn || root.Object() == nil {
		return ""
	}
	return " (reached from " + funcName(root) + ")"
}

// reportLocal reports the request s, whose session a modern request can
// bring into fn, if fn is reached unguarded.
func (c *checker) reportLocal(s *askSite, fn *ssa.Function) {
	if s.done || c.reached[fn] == nil {
		return
	}
	s.done = true
	cat, msg := message(s.ask, c.entry(fn))
	c.report(s.call, cat, msg)
}

// reportRemote reports, at call in fn, a request of another package that
// a modern session passed there reaches.
func (c *checker) reportRemote(r *remoteSite, call ssa.CallInstruction, fn *ssa.Function) {
	if r.done || c.reached[fn] == nil {
		return
	}
	r.done = true
	ask := knowledge.Ask{API: r.param.API, Name: r.param.Ask, Refused: r.param.Ref}
	cat, msg := message(ask, "")
	c.report(call, cat, fmt.Sprintf("%s sends %s%s on the session passed here: %s", check.FuncName(r.callee), r.param.Ask, sentIn(r.callee, r.param.In), msg))
}

// reportModern reports a request that only modern sessions reach.
func (c *checker) reportModern(s *askSite) {
	s.done = true
	how := "go-sdk refuses server-to-client requests there; " + resolverFix
	if s.ask.API != knowledge.AskSession {
		how = "mcp-go does not send them there; " + mcpgoFix
	}
	c.report(s.call, CategoryModern, fmt.Sprintf("%s is called only on %s, where it always fails: %s", s.ask.Name, modernSessions, how))
}

func (c *checker) report(call ssa.CallInstruction, category, msg string) {
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.Pos(), Category: category, Message: msg}
	if ce := c.callExpr(call); ce != nil {
		d.Pos, d.End = ce.Pos(), ce.End()
	}
	c.rep.Report(d)
}

// callExpr returns the call expression of call, from its function's syntax.
func (c *checker) callExpr(call ssa.CallInstruction) *ast.CallExpr {
	syn := call.Parent().Syntax()
	if syn == nil {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(syn, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && ce.Lparen == call.Pos() {
			found = ce
		}
		return found == nil
	})
	return found
}

// funcName names fn in messages.
func funcName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok {
		return check.FuncName(obj)
	}
	return fn.Name()
}

// sentIn says, in a message, which function sends the request a callee
// reaches, when it is not the callee itself: by name, never by line (a
// message is part of a baseline entry and of a SARIF fingerprint).
func sentIn(callee *types.Func, in string) string {
	if in == "" || in == check.FuncName(callee) {
		return ""
	}
	return " (in " + in + ")"
}
