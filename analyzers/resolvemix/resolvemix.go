package resolvemix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports resolver tools that mix resolved parameters with an
// input-required result.
var Analyzer = check.New("resolvemix", doc, check.Spec{
	Requires:  []*analysis.Analyzer{registrations.Analyzer, ssabuild.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(BuildsInputRequired)},
})

// Categories of findings.
const (
	CategoryDeclared    = string(rules.Declared)
	CategoryConstructed = "constructed"
)

// BuildsInputRequired is the fact that a function builds an input-required
// result, itself or through the functions it calls.
type BuildsInputRequired struct {
	What string // how: "sets mcp.CallToolResult.InputRequests"
	In   string // the function that does it: "pkg.Func" or "pkg.Type.Method"
}

func (*BuildsInputRequired) AFact() {}

func (f *BuildsInputRequired) String() string {
	return fmt.Sprintf("buildsInputRequired(%s in %s)", f.What, f.In)
}

// oneChannel ends each message about a handler that builds an
// input-required result, in the rule core's words, which are the run-time
// twin's error too.
const oneChannel = rules.ResolveMixConstructed

// A site is a construct of a function's syntax that makes a result
// input-required: the function's own sink.
type site struct {
	node ast.Node
	what string
}

type checker struct {
	pass    *analysis.Pass
	prog    *ssabuild.Program
	reacher *flow.Reacher
	sites   map[*ssa.Function][]site // memo of scan
	handed  map[*ast.FuncLit]bool    // literals given to the SDKs or the runtime
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	c := &checker{
		pass:   pass,
		prog:   prog,
		sites:  make(map[*ssa.Function][]site),
		handed: make(map[*ast.FuncLit]bool),
	}
	// What a function builds: its own constructs, or through the calls of
	// its code (its body and the literals written in it that it does not
	// hand to an SDK), resolved to what they run (a static callee, a
	// function value's functions), across packages by the facts.
	c.reacher = &flow.Reacher{
		Graph:  flow.New(prog),
		Own:    c.own,
		Inner:  c.inner,
		Import: c.importReach,
		Name:   flow.FuncName,
		Exact:  true,
	}
	c.reacher.Export(func(fn *types.Func, s flow.Reach) {
		pass.ExportObjectFact(fn, fact(s))
	})
	c.checkRegistrations()
	return nil, nil
}

// checkRegistrations reports the resolver tools whose result type can carry
// an input-required result (the rule core's finding), and those whose
// handler builds one.
func (c *checker) checkRegistrations() {
	pass := c.pass
	report := suppress.New(pass).ReportfOnce
	for _, res := range registrations.Of(pass).Registrations {
		reg := res.Reg
		declared := false
		for _, f := range res.Findings {
			if f.Rule == rules.ResolveMix {
				report(f.Node, string(f.Category), "%s", f.Message)
				declared = true
			}
		}
		if declared || !res.Known || !res.HandlerOK || !res.IsResolved {
			continue
		}
		// A tool's handler returns what it builds only through an
		// interface result; a prompt's always returns its SDK's
		// *mcp.GetPromptResult, and a go-sdk resource's its
		// *mcp.ReadResourceResult, which can carry an input-required
		// result, so what it builds is what it returns (and what the engine
		// refuses at run time). An mcp-go resource returns contents, which
		// cannot.
		fixedResult := reg.Method == rules.Prompt || reg.Method == rules.Resource && reg.SDK == rules.GoSDK
		if _, iface := res.Out.Underlying().(*types.Interface); !iface && !fixedResult {
			continue // the handler cannot return what it builds
		}
		prefix := ""
		if res.Tool != "" {
			prefix = fmt.Sprintf("%s %q: ", reg.Method.Noun(), res.Tool)
		}
		hname := gotypes.Name(pass.TypesInfo, reg.Handler)
		var fn *ssa.Function
		switch h := ast.Unparen(reg.Handler).(type) {
		case *ast.FuncLit:
			fn = c.prog.Func(h)
		default:
			obj := check.FuncOf(pass.TypesInfo, h)
			if obj == nil {
				continue
			}
			if fn = c.funcOf(obj); fn == nil {
				if f := importedFact(pass, obj); f != nil {
					report(reg.Handler, CategoryConstructed,
						"%shandler %s has resolved parameters but builds an input-required result (%s in %s): %s",
						prefix, hname, f.What, f.In, oneChannel)
				}
				continue
			}
		}
		if fn == nil {
			continue
		}
		sites := c.scan(fn)
		for _, s := range sites {
			report(s.node, CategoryConstructed,
				"%shandler %s has resolved parameters but %s, which makes its result input-required: %s",
				prefix, hname, s.what, oneChannel)
		}
		calls := callExprs(fn.Syntax())
		c.reacher.EachCall(fn, func(call ssa.CallInstruction) bool {
			node := calls[call.Common().Pos()]
			if node == nil || within(node, sites) {
				return true // no call of the syntax, or part of a construct reported
			}
			// The literals of the handler's code are read with it: what
			// they build is reported where they build it.
			s, ok := c.reacher.CallSkipping(call, func(callee *ssa.Function) bool { return c.inCode(callee, fn) })
			if ok {
				f := fact(s)
				report(node, CategoryConstructed,
					"%shandler %s has resolved parameters but calls %s, which builds an input-required result (%s in %s): %s",
					prefix, hname, types.ExprString(node.Fun), f.What, f.In, oneChannel)
			}
			return true
		})
	}
}

// funcOf returns the SSA function of fn if its body is in the package.
func (c *checker) funcOf(fn *types.Func) *ssa.Function {
	f := c.prog.Pkg.Prog.FuncValue(fn)
	if f == nil || f.Pkg != c.prog.Pkg || f.Blocks == nil {
		return nil
	}
	return f
}

// own is what fn builds by its own code: its first construct.
func (c *checker) own(fn *ssa.Function) (string, bool) {
	if sites := c.scan(fn); len(sites) > 0 {
		return sites[0].what, true
	}
	return "", false
}

// inner reports whether a function literal belongs to the code of the
// function it is written in: it is not handed to an SDK or the runtime
// (a handler they register, which that function does not run).
func (c *checker) inner(lit *ssa.Function) bool {
	c.scan(lit.Parent()) // finds the literals it hands over
	syn, ok := lit.Syntax().(*ast.FuncLit)
	return ok && !c.handed[syn]
}

// inCode reports whether fn is a literal of the code of root.
func (c *checker) inCode(fn, root *ssa.Function) bool {
	for ; fn.Parent() != nil; fn = fn.Parent() {
		if !c.inner(fn) {
			return false
		}
		if fn.Parent() == root {
			return true
		}
	}
	return false
}

// scan returns the constructs of fn's code, its literals' included (except
// those it hands over), in source order.
func (c *checker) scan(fn *ssa.Function) []site {
	if sites, ok := c.sites[fn]; ok {
		return sites
	}
	var sites []site
	var root ast.Node
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		root = syn.Body
	case *ast.FuncLit:
		root = syn.Body
	}
	if root != nil {
		info := c.pass.TypesInfo
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				if c.handed[n] {
					return false
				}
			case *ast.CallExpr:
				if fn := typeutil.StaticCallee(info, n); fn != nil && fn.Pkg() != nil && knowledge.InAPIModule(fn.Pkg().Path()) {
					for _, a := range n.Args {
						if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
							c.handed[lit] = true
						}
					}
				}
			}
			switch n.(type) {
			case *ast.CompositeLit, *ast.AssignStmt, *ast.CallExpr:
				if what := inputRequiredConstruct(info, n); what != "" {
					sites = append(sites, site{n, what})
					return false
				}
			}
			return true
		})
	}
	c.sites[fn] = sites
	return sites
}

// callExprs returns the call expressions of a function's syntax, by the
// position of their opening parenthesis (the position of their SSA call).
func callExprs(root ast.Node) map[token.Pos]*ast.CallExpr {
	calls := make(map[token.Pos]*ast.CallExpr)
	if root != nil {
		ast.Inspect(root, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				calls[call.Lparen] = call
			}
			return true
		})
	}
	return calls
}

// within reports whether n lies inside one of the constructs.
func within(n ast.Node, sites []site) bool {
	for _, s := range sites {
		if s.node.Pos() <= n.Pos() && n.End() <= s.node.End() {
			return true
		}
	}
	return false
}

// fact is the fact of a summary: what is built, in the innermost function
// on the way (the one whose code builds it).
func fact(s flow.Reach) *BuildsInputRequired {
	f := &BuildsInputRequired{What: s.Sink}
	if len(s.Via) > 0 {
		f.In = s.Via[len(s.Via)-1]
	}
	return f
}

// importReach is the summary of a function of another package, from its
// fact.
func (c *checker) importReach(fn *types.Func) (flow.Reach, bool) {
	if f := importedFact(c.pass, fn); f != nil {
		return flow.Reach{Sink: f.What, Via: []string{f.In}}, true
	}
	return flow.Reach{}, false
}

// importedFact returns the fact of a function of another package, or nil.
func importedFact(pass *analysis.Pass, fn *types.Func) *BuildsInputRequired {
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	f := new(BuildsInputRequired)
	if pass.ImportObjectFact(fn.Origin(), f) {
		return f
	}
	return nil
}
