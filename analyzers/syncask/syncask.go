package syncask

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports server-to-client requests refused on 2026-07-28
// sessions.
var Analyzer = &analysis.Analyzer{
	Name:      "syncask",
	Doc:       analysisdoc.MustExtract(doc, "syncask"),
	URL:       check.URL("syncask"),
	Requires:  []*analysis.Analyzer{inspect.Analyzer, suppress.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(VersionCheck), new(LegacyOptIn)},
}

// all is the value of the flag -syncask.all.
var all bool

func init() {
	Analyzer.Flags.BoolVar(&all, "all", false,
		"also report server-to-client requests when the linked SDK predates protocol "+knowledge.ModernProtocolVersion)
}

// Categories of findings.
const (
	// CategoryRefused: the SDK refuses the request on modern sessions.
	CategoryRefused = "refused"
	// CategorySession: mcp-go's session-level method sends it anyway.
	CategorySession = "session"
)

// VersionCheck is the fact that a function returns a check of the
// protocol version: calling it distinguishes protocol versions.
type VersionCheck struct{}

func (*VersionCheck) AFact()         {}
func (*VersionCheck) String() string { return "versionCheck" }

// LegacyOptIn is the fact that a package builds an mcp-go server with
// server.WithLegacyServerInitiatedRequests (as mcp-go's mcptest harness
// does): the packages that import it may be running their handlers on
// such a server.
type LegacyOptIn struct{}

func (*LegacyOptIn) AFact()         {}
func (*LegacyOptIn) String() string { return "legacyOptIn" }

// An askSite is a call of a server-to-client request method.
type askSite struct {
	call *ast.CallExpr
	unit ast.Node // the innermost function declaration or literal
	ask  knowledge.Ask
}

type checker struct {
	pass *analysis.Pass
	info *types.Info

	// Collected in one traversal.
	candidates []inspector.Cursor          // nodes that may check the version
	assigns    map[*types.Var][]ast.Expr   // local variables and what is assigned to them
	returns    map[*types.Func][]ast.Expr  // results returned by bool functions
	calls      map[ast.Node][]staticCall   // static calls of package functions, by unit
	built      map[*types.TypeName]bool    // types the package builds
	asks       []askSite                   //
	checksIn   map[ast.Node][]token.Pos    // version checks by innermost unit
	optIn      bool                        // server.WithLegacyServerInitiatedRequests is used
	inProcess  bool                        // an mcp-go server is connected in process
	legacyPin  bool                        // a session version is set to a constant before 2026-07-28
	checkFuncs map[*types.Func]bool        // functions of the package returning a check
	versionVar map[*types.Var]bool         // local variables holding a version
	declOf     map[*types.Func]ast.Node    // declarations of the package's functions
	litOf      map[*ast.FuncLit]ast.Node   // enclosing unit of each function literal
	handlers   map[ast.Node]bool           // units that handle a request
	reached    map[ast.Node]bool           // units reached unguarded from a handler
	funcLits   map[ast.Node][]*ast.FuncLit // function literals directly in a unit
}

type staticCall struct {
	call   *ast.CallExpr
	callee *types.Func
}

func run(pass *analysis.Pass) (any, error) {
	// The SDKs' own tests (package mcp_test) are part of their API packages.
	if knowledge.InAPIModule(strings.TrimSuffix(pass.Pkg.Path(), "_test")) || !check.ImportsAPI(pass.Pkg) {
		return nil, nil
	}
	c := &checker{
		pass:       pass,
		info:       pass.TypesInfo,
		assigns:    make(map[*types.Var][]ast.Expr),
		returns:    make(map[*types.Func][]ast.Expr),
		calls:      make(map[ast.Node][]staticCall),
		built:      make(map[*types.TypeName]bool),
		checksIn:   make(map[ast.Node][]token.Pos),
		checkFuncs: make(map[*types.Func]bool),
		versionVar: make(map[*types.Var]bool),
		declOf:     make(map[*types.Func]ast.Node),
		litOf:      make(map[*ast.FuncLit]ast.Node),
		handlers:   make(map[ast.Node]bool),
		reached:    make(map[ast.Node]bool),
		funcLits:   make(map[ast.Node][]*ast.FuncLit),
	}
	c.collect(pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
	c.resolveVersions()
	c.exportFacts()
	if c.optIn {
		pass.ExportPackageFact(&LegacyOptIn{})
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(LegacyOptIn)) {
			c.optIn = true
		}
	}
	if len(c.asks) == 0 {
		return nil, nil
	}
	aware := len(c.checksIn) > 0
	if aware {
		c.reach()
	}
	rep := suppress.New(pass)
	for _, s := range c.asks {
		if c.reportable(s, aware) {
			report(rep, s)
		}
	}
	return nil, nil
}

// collect gathers, in one traversal, the units, the candidate version
// checks, the assignments, the static calls, the types built and the asks.
func (c *checker) collect(ins *inspector.Inspector) {
	filter := []ast.Node{
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil),
		(*ast.SwitchStmt)(nil), (*ast.SelectorExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil),
		(*ast.ReturnStmt)(nil), (*ast.CompositeLit)(nil),
	}
	for cur := range ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := c.info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				c.declOf[fn] = n
				c.handlers[n] = knowledge.IsServerHandlerSignature(fn.Signature())
			}
		case *ast.FuncLit:
			if sig, ok := c.info.TypeOf(n).(*types.Signature); ok {
				c.handlers[n] = knowledge.IsServerHandlerSignature(sig)
			}
			if u := enclosingUnit(cur.Parent()); u != nil {
				c.litOf[n] = u
				c.funcLits[u] = append(c.funcLits[u], n)
			}
		case *ast.BinaryExpr, *ast.SwitchStmt, *ast.SelectorExpr:
			c.candidates = append(c.candidates, cur)
		case *ast.AssignStmt:
			c.candidates = append(c.candidates, cur)
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					c.assign(lhs, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, name := range n.Names {
					c.assign(name, n.Values[i])
				}
			}
		case *ast.ReturnStmt:
			if u := enclosingUnit(cur); u != nil && len(n.Results) == 1 {
				if d, ok := u.(*ast.FuncDecl); ok {
					if fn, ok := c.info.Defs[d.Name].(*types.Func); ok && returnsBool(fn.Signature()) {
						c.returns[fn] = append(c.returns[fn], n.Results[0])
					}
				}
			}
		case *ast.CompositeLit:
			c.markBuilt(c.info.TypeOf(n))
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					c.candidates = append(c.candidates, cur.Child(kv))
				}
			}
		case *ast.CallExpr:
			c.candidates = append(c.candidates, cur)
			c.collectCall(cur, n)
		}
	}
}

// collectCall records what a call is: an ask, a static call of the
// package, the legacy opt-in, or new(T).
func (c *checker) collectCall(cur inspector.Cursor, call *ast.CallExpr) {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && len(call.Args) == 1 {
		if b, ok := c.info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
			c.markBuilt(c.info.TypeOf(call.Args[0]))
			return
		}
	}
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn == nil {
		return
	}
	fn = fn.Origin()
	if knowledge.IsLegacyOptIn(fn) {
		c.optIn = true
		return
	}
	if knowledge.IsInProcess(fn) {
		c.inProcess = true
		return
	}
	u := enclosingUnit(cur)
	if u == nil {
		return
	}
	if ask, ok := knowledge.ServerAsk(fn); ok {
		c.asks = append(c.asks, askSite{call, u, ask})
		return
	}
	if fn.Pkg() == c.pass.Pkg {
		c.calls[u] = append(c.calls[u], staticCall{call, fn})
	}
}

func (c *checker) assign(lhs, rhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg || v.Parent() == c.pass.Pkg.Scope() {
		return
	}
	c.assigns[v] = append(c.assigns[v], rhs)
}

// markBuilt records that the package builds values of t's named type.
func (c *checker) markBuilt(t types.Type) {
	if t == nil {
		return
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		c.built[n.Origin().Obj()] = true
	}
}

// enclosingUnit returns the innermost function declaration or literal
// that encloses cur (cur itself included), or nil.
func enclosingUnit(cur inspector.Cursor) ast.Node {
	for e := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return e.Node()
	}
	return nil
}

func returnsBool(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// resolveVersions finds the local variables that hold a version and the
// package's functions that return a version check (each to a fixed point),
// then the version checks of each unit.
func (c *checker) resolveVersions() {
	closeOver(c.assigns, c.versionVar, c.isVersion)
	closeOver(c.returns, c.checkFuncs, c.containsCheck)
	for _, cur := range c.candidates {
		if !c.isCheck(cur.Node()) {
			continue
		}
		if c.setsLegacyVersion(cur.Node()) {
			c.legacyPin = true
		}
		if u := enclosingUnit(cur); u != nil {
			c.checksIn[u] = append(c.checksIn[u], cur.Node().Pos())
		}
	}
}

// closeOver adds to holds, until nothing changes, each key of m with an
// expression for which test is true: test may depend on holds.
func closeOver[K comparable](m map[K][]ast.Expr, holds map[K]bool, test func(ast.Expr) bool) {
	for changed := true; changed; {
		changed = false
		for k, es := range m {
			if !holds[k] && slices.ContainsFunc(es, test) {
				holds[k] = true
				changed = true
			}
		}
	}
}

// isVersion reports whether e denotes a protocol version.
func (c *checker) isVersion(e ast.Expr) bool {
	if isVersionValue(c.info, e) {
		return true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		v, ok := c.info.Uses[id].(*types.Var)
		return ok && c.versionVar[v]
	}
	return false
}

// isCheck reports whether n distinguishes protocol versions: it compares
// a version (with anything but ""), switches on one, sets one in a
// composite literal, reads a boolean one (mcp-go's
// RequestProtocolInfo.Modern), or calls a function that checks
// the version or passes a version to a function returning a bool.
func (c *checker) isCheck(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		switch n.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return c.isVersion(n.X) && !c.isEmptyString(n.Y) || c.isVersion(n.Y) && !c.isEmptyString(n.X)
		}
	case *ast.SwitchStmt:
		return n.Tag != nil && c.isVersion(n.Tag)
	case *ast.AssignStmt:
		// Setting the version, as a client's initialize request does.
		for _, lhs := range n.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && knowledge.IsVersionField(c.info.Uses[sel.Sel]) {
				return true
			}
		}
	case *ast.KeyValueExpr:
		// Setting the version, as a client pinning the legacy protocol
		// with mcp.ClientSessionOptions{ProtocolVersion: ...} does.
		key, ok := n.Key.(*ast.Ident)
		return ok && knowledge.IsVersionField(c.info.Uses[key])
	case *ast.SelectorExpr:
		if !isVersionValue(c.info, n) {
			return false
		}
		t := c.info.TypeOf(n)
		return t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool])
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(c.info, n).(*types.Func)
		if fn == nil {
			return false
		}
		fn = fn.Origin()
		if knowledge.IsVersionCheckFunc(fn) || c.checkFuncs[fn] {
			return true
		}
		if fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(VersionCheck)) {
			return true
		}
		if returnsBool(fn.Signature()) {
			for _, a := range n.Args {
				if c.isVersion(a) {
					return true
				}
			}
		}
	}
	return false
}

// setsLegacyVersion reports whether n, a version check, sets a version to
// a constant before 2026-07-28: the package connects its own sessions at a
// legacy version (a test, a benchmark, an example driving its server).
func (c *checker) setsLegacyVersion(n ast.Node) bool {
	var value ast.Expr
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		value = n.Value
	case *ast.AssignStmt:
		if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			return false
		}
		value = n.Rhs[0]
	default:
		return false
	}
	tv := c.info.Types[value]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	v := constant.StringVal(tv.Value)
	return v != "" && v < knowledge.ModernProtocolVersion
}

// containsCheck reports whether e, outside function literals, contains a
// version check.
func (c *checker) containsCheck(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		found = c.isCheck(n)
		return !found
	})
	return found
}

func (c *checker) isEmptyString(e ast.Expr) bool {
	tv := c.info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// exportFacts exports a VersionCheck fact for each exported function of
// the package that returns a version check.
func (c *checker) exportFacts() {
	if c.pass.Pkg.Name() == "main" {
		return
	}
	for fn := range c.checkFuncs {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &VersionCheck{})
		}
	}
}

// guarded reports whether a version check comes before pos in unit u or
// in a unit that encloses it.
func (c *checker) guarded(u ast.Node, pos token.Pos) bool {
	for u != nil {
		for _, p := range c.checksIn[u] {
			if p < pos {
				return true
			}
		}
		lit, ok := u.(*ast.FuncLit)
		if !ok {
			return false
		}
		u = c.litOf[lit]
	}
	return false
}

// reach marks the units reached from a handler of the package through
// static calls and function literals, none of them after a version check.
func (c *checker) reach() {
	var queue []ast.Node
	visit := func(u ast.Node) {
		if u != nil && !c.reached[u] {
			c.reached[u] = true
			queue = append(queue, u)
		}
	}
	for u, h := range c.handlers {
		if h {
			visit(u)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, sc := range c.calls[u] {
			if !c.guarded(u, sc.call.Pos()) {
				visit(c.declOf[sc.callee])
			}
		}
		for _, lit := range c.funcLits[u] {
			if !c.guarded(u, lit.Pos()) {
				visit(lit)
			}
		}
	}
}

// reportable decides whether an ask is reported.
func (c *checker) reportable(s askSite, aware bool) bool {
	if !s.ask.Refused && !all {
		return false
	}
	if c.legacyPin || s.ask.API == knowledge.AskServer && c.optIn || s.ask.API != knowledge.AskSession && c.inProcess {
		return false
	}
	if c.guarded(s.unit, s.call.Pos()) {
		return false
	}
	if stored, builtHere := c.storedSession(s); stored && (aware || !builtHere) {
		return false
	}
	return !aware || c.reached[s.unit]
}

// storedSession reports whether the session a request is sent on is
// stored in a field of a struct type of the user's, and if so whether the
// package builds that struct. mcp-go's MCPServer methods take the session
// from their context.
func (c *checker) storedSession(s askSite) (stored, builtHere bool) {
	if s.ask.API == knowledge.AskServer {
		return false, false
	}
	sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false, false
	}
	e := ast.Unparen(sel.X)
	// A local variable assigned once: where it was assigned from.
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := c.info.Uses[id].(*types.Var); ok && len(c.assigns[v]) == 1 {
			e = ast.Unparen(c.assigns[v][0])
		}
	}
	fsel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false, false
	}
	selection := c.info.Selections[fsel]
	if selection == nil || selection.Kind() != types.FieldVal {
		return false, false
	}
	holder := types.Unalias(selection.Recv())
	if p, ok := holder.(*types.Pointer); ok {
		holder = types.Unalias(p.Elem())
	}
	n, ok := holder.(*types.Named)
	if !ok {
		return true, true // an anonymous struct is built where it is written
	}
	obj := n.Origin().Obj()
	if obj.Pkg() != nil && knowledge.InAPIModule(obj.Pkg().Path()) {
		return false, false // the SDK's request: req.Session
	}
	return true, c.built[obj]
}

func report(rep *suppress.Reporter, s askSite) {
	const (
		modern   = "sessions at protocol 2026-07-28 or later"
		resolver = "ask through a resolver (resolve.Ask) or return InputRequests from the handler, or check the negotiated protocol version before the call"
		mcpgoFix = "return InputRequests from the handler (server.InputRequestBuilder), or check server.IsModernRequest(ctx) before the call"
	)
	var cat, msg string
	switch s.ask.API {
	case knowledge.AskSession:
		cat = CategoryRefused
		if s.ask.Refused {
			msg = fmt.Sprintf("%s fails on %s: go-sdk refuses server-to-client requests there; %s", s.ask.Name, modern, resolver)
		} else {
			msg = fmt.Sprintf("%s will fail on %s (go-sdk v1.7.0 and later refuse server-to-client requests there); %s", s.ask.Name, modern, resolver)
		}
	case knowledge.AskServer:
		cat = CategoryRefused
		if s.ask.Refused {
			msg = fmt.Sprintf("%s fails on %s: mcp-go returns ErrServerInitiatedRequestUnsupported there; %s", s.ask.Name, modern, mcpgoFix)
		} else {
			msg = fmt.Sprintf("%s will fail on %s once mcp-go supports that version; %s", s.ask.Name, modern, mcpgoFix)
		}
	case knowledge.AskClientSession:
		cat = CategorySession
		msg = fmt.Sprintf("%s sends a server-to-client request whatever the protocol version: on %s the protocol forbids it and the client need not answer; %s", s.ask.Name, modern, mcpgoFix)
	}
	rep.Reportf(s.call, cat, "%s", msg)
}
