package resolvemix

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/analysisdoc"
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/registrations"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports resolver tools that mix resolved parameters with an
// input-required result.
var Analyzer = &analysis.Analyzer{
	Name:      "resolvemix",
	Doc:       analysisdoc.MustExtract(doc, "resolvemix"),
	URL:       check.URL("resolvemix"),
	Requires:  []*analysis.Analyzer{check.Analyzer, inspect.Analyzer, registrations.Analyzer, suppress.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(BuildsInputRequired)},
}

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

// body is what one function does that matters here.
type body struct {
	name  string
	sites []site
	calls []call
}

type site struct {
	node ast.Node
	what string
}

type call struct {
	node   *ast.CallExpr
	callee *types.Func // origin
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	rep := suppress.New(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)

	// Read every function declaration of the package.
	funcs := make(map[*types.Func]*body)
	var order []*types.Func
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		b := scan(pass.TypesInfo, decl.Body)
		b.name = check.FuncName(fn)
		funcs[fn] = b
		order = append(order, fn)
	}

	// Propagate through same-package calls, and export facts.
	builds := flow.Fixpoint(order, func(fn *types.Func, known map[*types.Func]*BuildsInputRequired) (*BuildsInputRequired, bool) {
		f := direct(pass, funcs[fn], known)
		return f, f != nil
	})
	for _, fn := range order {
		if f := builds[fn]; f != nil {
			pass.ExportObjectFact(fn, f)
		}
	}

	// Check registrations.
	report := rep.ReportfOnce
	for _, res := range pass.ResultOf[registrations.Analyzer].(*registrations.Result).Registrations {
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
		// interface result; a prompt's or resource's always returns go-sdk's
		// result type, which can carry an input-required result, so what it
		// builds is what it returns (and what the engine refuses at run
		// time).
		if _, iface := res.Out.Underlying().(*types.Interface); !iface && reg.Method == rules.Tool {
			continue // the handler cannot return what it builds
		}
		prefix := ""
		if res.Tool != "" {
			prefix = fmt.Sprintf("%s %q: ", reg.Method.Noun(), res.Tool)
		}
		hname := gotypes.Name(pass.TypesInfo, reg.Handler)
		h := ast.Unparen(reg.Handler)
		var b *body
		if lit, ok := h.(*ast.FuncLit); ok {
			b = scan(pass.TypesInfo, lit.Body)
		} else if fn := check.FuncOf(pass.TypesInfo, h); fn != nil {
			if b = funcs[fn]; b == nil {
				if f := importedFact(pass, fn); f != nil {
					report(reg.Handler, CategoryConstructed,
						"%shandler %s has resolved parameters but builds an input-required result (%s in %s): %s",
						prefix, hname, f.What, f.In, oneChannel)
				}
				continue
			}
		}
		if b == nil {
			continue
		}
		for _, s := range b.sites {
			report(s.node, CategoryConstructed,
				"%shandler %s has resolved parameters but %s, which makes its result input-required: %s",
				prefix, hname, s.what, oneChannel)
		}
		for _, c := range b.calls {
			f := builds[c.callee]
			if f == nil {
				f = importedFact(pass, c.callee)
			}
			if f != nil {
				report(c.node, CategoryConstructed,
					"%shandler %s has resolved parameters but calls %s, which builds an input-required result (%s in %s): %s",
					prefix, hname, types.ExprString(c.node.Fun), f.What, f.In, oneChannel)
			}
		}
	}
	return nil, nil
}

// scan lists what a function body builds and calls, function literals in
// it included, except those given to the SDKs or the runtime (handlers
// they register, which this function does not run).
func scan(info *types.Info, root ast.Node) *body {
	b := new(body)
	handlers := make(map[*ast.FuncLit]bool)
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if handlers[n] {
				return false
			}
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(info, n); fn != nil && fn.Pkg() != nil && knowledge.InAPIModule(fn.Pkg().Path()) {
				for _, a := range n.Args {
					if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
						handlers[lit] = true
					}
				}
			}
		}
		switch n.(type) {
		case *ast.CompositeLit, *ast.AssignStmt, *ast.CallExpr:
			if what := inputRequiredConstruct(info, n); what != "" {
				b.sites = append(b.sites, site{n, what})
				return false
			}
		}
		if c, ok := n.(*ast.CallExpr); ok {
			if fn := typeutil.StaticCallee(info, c); fn != nil {
				b.calls = append(b.calls, call{c, fn.Origin()})
			}
		}
		return true
	})
	return b
}

// direct returns the fact for a function of this package, given the facts
// found so far, or nil.
func direct(pass *analysis.Pass, b *body, builds map[*types.Func]*BuildsInputRequired) *BuildsInputRequired {
	if len(b.sites) > 0 {
		return &BuildsInputRequired{What: b.sites[0].what, In: b.name}
	}
	for _, c := range b.calls {
		if f := builds[c.callee]; f != nil {
			return f
		}
		if f := importedFact(pass, c.callee); f != nil {
			return f
		}
	}
	return nil
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
