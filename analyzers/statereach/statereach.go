package statereach

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// Analyzer reports reads of request state outside the elicit path.
var Analyzer = check.New("statereach", doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer, inspect.Analyzer, rounds.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(ReadsState), new(Verifier), new(UsesUnverified)},
})

// Categories of findings.
const (
	CategoryRuntimeOwned = "runtime-owned"
	CategoryUnverified   = "unverified"
	CategoryStandsIn     = "stands-in"
	// CategoryUnasked (answers.go): an answer that stands in for a value
	// the server computes itself.
)

// standsInHint is the advice of a request state that stands in for an
// answer.
func standsInHint() string {
	return "every client is given that state in its first round, whatever the user answers, so it confirms nothing: decide on the answer in InputResponses (or ask through a resolver: see " + check.DocURL("migrate.md") + ")"
}

// VerifierDirective, on a line of its own in the doc comment of a
// function, declares that the function verifies the integrity of the
// request state passed to it.
const VerifierDirective = "//mcplint:verifier"

// verifiers is the value of the flag -statereach.verifiers.
var verifiers string

func init() {
	Analyzer.Flags.Var(verifiersFlag{}, "verifiers",
		"comma-separated functions that verify request state, such as example.com/pkg.Verify or example.com/pkg.(*T).Open")
}

// verifiersFlag is the flag -statereach.verifiers. Each name is checked
// for its form when the flags are parsed, in every driver, so that a
// mistyped name is an error rather than a verifier that never matches.
// Whether the function exists is checked by the analysis (checkVerifiers),
// so that every driver reports it alike.
type verifiersFlag struct{}

func (verifiersFlag) String() string { return verifiers }

func (verifiersFlag) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			if _, err := ParseVerifier(name); err != nil {
				return err
			}
		}
	}
	verifiers = s
	return nil
}

// A VerifierName is a function named in -statereach.verifiers.
type VerifierName struct {
	PkgPath string // the import path of its package
	Type    string // the receiver's type name, for a method; else ""
	Func    string // the function's or method's name
}

// ParseVerifier parses a name of the flag -statereach.verifiers:
// importpath.Func, importpath.(*T).Method, importpath.(T).Method or
// importpath.T.Method.
func ParseVerifier(name string) (VerifierName, error) {
	bad := func(why string) (VerifierName, error) {
		return VerifierName{}, fmt.Errorf("%q is not a function name (%s); write importpath.Func or importpath.(*Type).Method, such as example.com/auth.Check", name, why)
	}
	slash := strings.LastIndexByte(name, '/')
	dot := strings.IndexByte(name[slash+1:], '.')
	if dot < 0 {
		return bad("no package path before a dot")
	}
	v := VerifierName{PkgPath: name[:slash+1+dot]}
	parts := strings.Split(normalizeName(name[slash+1+dot+1:]), ".")
	switch len(parts) {
	case 1:
		v.Func = parts[0]
	case 2:
		v.Type, v.Func = parts[0], parts[1]
	default:
		return bad("too many dots after the package path")
	}
	if strings.ContainsAny(v.PkgPath, " \t(),*") || strings.HasSuffix(v.PkgPath, "/") {
		return bad("the package path is not an import path")
	}
	for _, id := range []string{v.Type, v.Func} {
		if id != "" && !token.IsIdentifier(id) {
			return bad(fmt.Sprintf("%q is not a Go identifier", id))
		}
	}
	if v.Func == "" {
		return bad("no function name")
	}
	return v, nil
}

// ReadsState is the fact that a function reads request state, itself or
// through the functions it calls.
type ReadsState struct {
	What string // the field or helper: "mcp.CallToolParamsRaw.RequestState"
	In   string // the function that reads it: "pkg.Func" or "pkg.Type.Method"
}

func (*ReadsState) AFact() {}

func (f *ReadsState) String() string { return fmt.Sprintf("readsState(%s in %s)", f.What, f.In) }

// Verifier is the fact that a function verifies the integrity of the
// request state passed to it.
type Verifier struct {
	// Params lists, in increasing order, the parameters (from 0, the
	// receiver aside) through which it verifies state; nil means every
	// parameter (a function marked //mcplint:verifier).
	Params []int
}

func (*Verifier) AFact() {}

func (f *Verifier) String() string {
	if f.Params == nil {
		return "verifier"
	}
	return fmt.Sprintf("verifier(params %s)", joinInts(f.Params))
}

// UsesUnverified is the fact that a function uses some of its parameters
// the way request state must not be used before it is verified.
type UsesUnverified struct {
	Params []ParamUse // in increasing order of Index
}

// A ParamUse is the first use of a parameter that would be reported if it
// held request state.
type ParamUse struct {
	Index int
	How   string // "passes it to strings.HasSuffix"
}

func (*UsesUnverified) AFact() {}

func (f *UsesUnverified) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("%d: %s", p.Index, p.How))
	}
	return "usesUnverified(" + strings.Join(parts, "; ") + ")"
}

const (
	ownedWhy   = "in resolver-based code the runtime owns request state and consults an answer only for the question a resolver asks this round; take the answer as a resolved parameter"
	verifyHint = "requestState is attacker-controlled; pass it first to a verifier (seal.(*Codec).Open, an Open method returning (payload, error), or a function marked " + VerifierDirective + ")"
)

// A unit is a function body analyzed as a whole: a function declaration,
// or a function literal that is resolver-based code or declared at
// package level. Other function literals belong to the unit that encloses
// them.
type unit struct {
	cur   inspector.Cursor
	node  ast.Node // *ast.FuncDecl or *ast.FuncLit
	fn    *types.Func
	name  string // "confirm", "(*T).M", "func literal"
	role  string // "handler" or "resolver" for roots, else ""
	who   string // how (a) messages name it, once it is owned
	root  string // the root it is reached from: "resolver confirm"
	owned bool

	accesses []access
	calls    []call
}

// An access reads request state: a field read, or a call of an mcp-go
// helper.
type access struct {
	node ast.Node
	what string // "mcp.CallToolParamsRaw.RequestState" or "server.ElicitationResponse"
	expr string // the field read as written, or ""
}

type call struct {
	node   *ast.CallExpr
	callee *types.Func // origin
}

type checker struct {
	pass    *analysis.Pass
	rep     *suppress.Reporter
	units   []*unit
	lits    map[*ast.FuncLit]bool // function literals that are units
	funcs   map[*types.Func]*unit
	marked  map[*types.Func]bool // //mcplint:verifier
	flagged map[string]bool
	sums    map[*types.Func]*summary

	// The SSA form, built on first use (dataflow.go).
	g *flow.Graph // the package's flow graph, once needed
	// returnedState is the state each function returns; read is "" for
	// none.
	returnedState map[*ssa.Function]stateKey

	// The package's one constant request state (marker.go), once needed.
	issuedMarker string
	markerDone   bool
}

func run(pass *analysis.Pass) (any, error) {
	checkVerifiers(pass, verifiers)
	if check.Of(pass).API {
		return nil, nil
	}
	c := &checker{
		pass:  pass,
		lits:  make(map[*ast.FuncLit]bool),
		funcs: make(map[*types.Func]*unit),
		sums:  make(map[*types.Func]*summary),

		returnedState: make(map[*ssa.Function]stateKey),
	}
	c.markedVerifiers() // exported even where nothing else is: a package of verifiers
	if !check.Relevant(pass) {
		return nil, nil
	}
	c.rep = suppress.New(pass)
	c.flagged = parseVerifiers(verifiers)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)

	imported := c.collect(ins)
	for _, u := range c.units {
		c.scan(u)
	}
	reads := c.readsFacts()
	c.own()

	// (a) resolver-based code.
	for _, r := range imported {
		c.reportImportedRoot(r)
	}
	for _, u := range c.units {
		if u.owned {
			c.reportOwned(u)
		}
	}
	// (b) everything else.
	for _, u := range c.units {
		if !u.owned && (u.fn == nil || !c.marked[u.fn]) {
			c.reportUnverified(u)
		}
	}
	// (c) hand-written answers read where no question was asked.
	c.unaskedAnswers()

	c.exportFacts(reads)
	return nil, nil
}

// markedVerifiers records the functions whose doc comment has the
// verifier directive, and exports a Verifier fact for those that other
// packages can call. It runs on every package, since a verifier need not
// import any MCP API; it reads only doc comments.
func (c *checker) markedVerifiers() (exported bool) {
	c.marked = make(map[*types.Func]bool)
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || !hasVerifierDirective(fd.Doc) {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			c.marked[fn] = true
			if exportable(c.pass, fn) {
				c.pass.ExportObjectFact(fn, &Verifier{})
				exported = true
			}
		}
	}
	return exported
}

func hasVerifierDirective(cg *ast.CommentGroup) bool {
	for _, cm := range cg.List {
		rest, ok := strings.CutPrefix(cm.Text, VerifierDirective)
		if ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}

// exportable reports whether facts about fn are of use to other packages.
func exportable(pass *analysis.Pass, fn *types.Func) bool {
	return fn.Exported() && pass.Pkg.Name() != "main"
}

// CategoryFlag is the category of the finding that a function named in
// -statereach.verifiers does not exist.
const CategoryFlag = "flag"

// checkVerifiers reports each function of the flag's list that its
// package does not have: a misspelled name would leave its callers' state
// unverified without a word. Each is reported once in a run: in its own
// package, at the package clause, when that package is analyzed (in the
// module analyzed); else, for a package of another module, at the import
// of it in each package that imports it. A package path that nothing
// analyzed is or imports cannot be checked by an analysis of packages.
func checkVerifiers(pass *analysis.Pass, list string) {
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		v, err := ParseVerifier(name)
		if name == "" || err != nil { // the flag rejected a bad form
			continue
		}
		var at token.Pos
		pkg := pass.Pkg
		if pkg.Path() == v.PkgPath {
			if len(pass.Files) == 0 {
				continue
			}
			at = pass.Files[0].Name.Pos()
		} else {
			if pass.Module != nil && inModule(v.PkgPath, pass.Module.Path) {
				continue // reported in its own package
			}
			pkg, at = importOf(pass, v.PkgPath)
			if pkg == nil {
				continue
			}
		}
		if hasFunc(pkg, v) {
			continue
		}
		what := "function " + v.Func
		if v.Type != "" {
			what = "method " + v.Type + "." + v.Func
		}
		pass.Report(analysis.Diagnostic{
			Pos:      at,
			Category: CategoryFlag,
			Message:  fmt.Sprintf("-statereach.verifiers: %s: package %s has no %s", name, v.PkgPath, what),
		})
	}
}

// inModule reports whether the package path is in the module modPath.
func inModule(path, modPath string) bool {
	return path == modPath || strings.HasPrefix(path, modPath+"/")
}

// importOf returns the package path that pass imports and the first
// import of it in its files, or nil.
func importOf(pass *analysis.Pass, path string) (*types.Package, token.Pos) {
	i := slices.IndexFunc(pass.Pkg.Imports(), func(p *types.Package) bool { return p.Path() == path })
	if i < 0 {
		return nil, token.NoPos
	}
	for _, f := range pass.Files {
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
				return pass.Pkg.Imports()[i], spec.Pos()
			}
		}
	}
	return nil, token.NoPos
}

// hasFunc reports whether pkg has the function or method v names.
func hasFunc(pkg *types.Package, v VerifierName) bool {
	if v.Type == "" {
		_, ok := pkg.Scope().Lookup(v.Func).(*types.Func)
		return ok
	}
	tn, ok := pkg.Scope().Lookup(v.Type).(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, v.Func)
	_, ok = obj.(*types.Func)
	return ok
}

// parseVerifiers parses the flag's list of qualified names.
func parseVerifiers(s string) map[string]bool {
	m := make(map[string]bool)
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			m[normalizeName(name)] = true
		}
	}
	return m
}

// normalizeName spells a method pkg.T.M, whether it was written
// pkg.(*T).M, pkg.(T).M or pkg.T.M.
func normalizeName(s string) string {
	return strings.NewReplacer("(*", "", "(", "", ")", "").Replace(s)
}

// qualifiedName names fn as the flag does, normalized.
func qualifiedName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	return fn.Pkg().Path() + "." + name
}

// An importedRoot is a function of another package passed to a
// registration.
type importedRoot struct {
	arg  ast.Expr
	fn   *types.Func
	role string
}

// collect finds the units of the package and the resolver-based roots, in
// one traversal.
func (c *checker) collect(ins *inspector.Inspector) []importedRoot {
	info := c.pass.TypesInfo
	roles := make(map[types.Object]string) // declared functions
	litRoles := make(map[*ast.FuncLit]string)
	sdkHandlers := make(map[*ast.FuncLit]bool) // hand-written handlers, wherever they are written
	var imported []importedRoot
	setRole := func(e ast.Expr, role string) {
		e = ast.Unparen(e)
		if lit, ok := e.(*ast.FuncLit); ok {
			if litRoles[lit] == "" {
				litRoles[lit] = role
			}
			return
		}
		fn := check.FuncOf(info, e)
		if fn == nil {
			return
		}
		if fn.Pkg() != c.pass.Pkg {
			if fn.Pkg() != nil && !knowledge.InAPIModule(fn.Pkg().Path()) {
				imported = append(imported, importedRoot{e, fn, role})
			}
			return
		}
		if roles[fn] == "" {
			roles[fn] = role
		}
	}
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}
	for cur := range ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			fn, ok := info.Defs[n.Name].(*types.Func)
			if !ok || n.Body == nil {
				continue
			}
			u := &unit{cur: cur, node: n, fn: fn, name: check.DeclName(n)}
			if rootSignature(fn.Signature()) {
				u.role = "resolver"
			}
			c.units = append(c.units, u)
			c.funcs[fn] = u
		case *ast.FuncLit:
			role := litRoles[n]
			if role == "" {
				if sig, ok := info.TypeOf(n).(*types.Signature); ok && rootSignature(sig) {
					role = "resolver"
				}
			}
			topLevel := true
			for range cur.Parent().Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				topLevel = false
				break
			}
			if role != "" || topLevel || sdkHandlers[n] {
				c.units = append(c.units, &unit{cur: cur, node: n, name: check.FuncLiteral, role: role})
				c.lits[n] = true
			}
		case *ast.CallExpr:
			if h, ok := gotypes.SDKHandler(info, n); ok {
				if lit, ok := ast.Unparen(h).(*ast.FuncLit); ok {
					sdkHandlers[lit] = true
				}
				continue
			}
			reg, ok := gotypes.ParseRegistration(info, cur)
			if !ok {
				continue
			}
			if len(reg.Resolvers) > 0 || !reg.ResolversKnown {
				setRole(reg.Handler, "handler")
			}
			for _, r := range reg.Resolvers {
				setRole(r, "resolver")
			}
		}
	}
	for _, u := range c.units {
		if u.fn != nil && roles[u.fn] != "" {
			u.role = roles[u.fn]
		}
	}
	return imported
}

// rootSignature reports whether a function of this signature is
// resolver-based code whatever calls it: it returns resolve.Elicit[T] or
// takes a resolve.Outcome[T].
func rootSignature(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if _, ok := knowledge.ElicitArg(sig.Results().At(i).Type()); ok {
			return true
		}
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if _, ok := knowledge.OutcomeArg(sig.Params().At(i).Type()); ok {
			return true
		}
	}
	return false
}

// nestedUnit reports whether n is the node of a unit other than u.
func (c *checker) nestedUnit(u *unit, n ast.Node) bool {
	lit, ok := n.(*ast.FuncLit)
	return ok && n != u.node && c.lits[lit]
}

// inspectUnit visits the nodes of u of the given types, function literals
// that are units of their own aside.
func (c *checker) inspectUnit(u *unit, types []ast.Node, f func(cur inspector.Cursor)) {
	types = append(types, (*ast.FuncLit)(nil))
	u.cur.Inspect(types, func(cur inspector.Cursor) bool {
		if c.nestedUnit(u, cur.Node()) {
			return false
		}
		f(cur)
		return true
	})
}

// scan lists the accesses to request state and the static calls of u.
func (c *checker) scan(u *unit) {
	info := c.pass.TypesInfo
	covered := make(map[ast.Node]bool)
	c.inspectUnit(u, []ast.Node{(*ast.SelectorExpr)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) {
		switch n := cur.Node().(type) {
		case *ast.SelectorExpr:
			if covered[n] || isWrite(cur) {
				return
			}
			if _, what := stateRead(info, n); what != "" {
				u.accesses = append(u.accesses, access{n, what, types.ExprString(n)})
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, n).(*types.Func)
			if fn == nil {
				return
			}
			if what := knowledge.InputResponseHelper(fn); what != "" {
				u.accesses = append(u.accesses, access{n, what, ""})
				operands := slices.Clone(n.Args)
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					operands = append(operands, sel.X)
				}
				for _, a := range operands {
					if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok {
						covered[sel] = true
					}
				}
				return
			}
			if fn := typeutil.StaticCallee(info, n); fn != nil {
				u.calls = append(u.calls, call{n, fn.Origin()})
			}
		}
	})
}

// isWrite reports whether the selector at cur is assigned to.
func isWrite(cur inspector.Cursor) bool {
	if cur.ParentEdgeKind() != edge.AssignStmt_Lhs {
		return false
	}
	tok := cur.Parent().Node().(*ast.AssignStmt).Tok
	return tok == token.ASSIGN || tok == token.DEFINE
}

// exportFacts exports the facts of the package's functions that other
// packages can call, and reports whether it exported any.
func (c *checker) exportFacts(reads map[*types.Func]*ReadsState) bool {
	exported := false
	for _, u := range c.units {
		fn := u.fn
		if fn == nil || !exportable(c.pass, fn) {
			continue
		}
		if f := reads[fn]; f != nil {
			c.pass.ExportObjectFact(fn, f)
			exported = true
		}
		if c.marked[fn] {
			continue // exported by markedVerifiers
		}
		s := c.summary(fn)
		if s == nil {
			continue
		}
		if v := s.verifierFact(); v != nil {
			c.pass.ExportObjectFact(fn, v)
			exported = true
		}
		if m := s.misuseFact(); m != nil {
			c.pass.ExportObjectFact(fn, m)
			exported = true
		}
	}
	return exported
}
