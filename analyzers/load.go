package analyzers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Load loads the packages of patterns for mcplint's analyzers, as
// packages.Load does with cfg: the packages named and, when cfg.Mode has
// NeedDeps (the analyzers use facts), every dependency, all from source. Most of a run is type-checking the dependencies (the standard
// library above all), and the analyzers look inside the function bodies
// of few of them: those of the main module, and those that import an MCP
// API, directly or not, whose functions may carry facts about it. The
// others (the standard library, the SDKs themselves, every module that
// reaches no API) are type-checked without their function bodies, which
// the analyzers never read there: each of them bails out on a package
// that reaches no API, and leaves the API packages alone.
// cfg.ParseFile must be nil: Load sets it, on a copy of cfg.
func Load(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
	if cfg.Mode&packages.NeedDeps != 0 && cfg.ParseFile == nil {
		bodiless, err := bodilessFiles(cfg, patterns)
		if err != nil {
			return nil, err
		}
		cfg := *cfg
		cfg.ParseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			// go/packages's own parse, and the bodies dropped where no
			// analyzer reads them.
			f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
			if f != nil && bodiless[filename] {
				dropBodies(f)
			}
			return f, err
		}
		pkgs, err := packages.Load(&cfg, patterns...)
		forgiveUnusedImports(pkgs, bodiless)
		return pkgs, err
	}
	return packages.Load(cfg, patterns...)
}

// dropBodies drops from f what no analyzer reads in a package that
// reaches no API and what costs the most to type-check: the function
// bodies, and the elements of the composite literals that initialize
// package-level variables (the standard library's tables: unicode's,
// crypto's, the HTML entities), some 40 % of the type-checking of a small
// module in a profile of mcplint on the demo. Neither changes a declared type: a function keeps
// its signature, a literal its written type. A literal of an array whose
// length its elements give ([...]T) keeps them, so keeps its type; the
// literals among them are dropped in turn.
func dropBodies(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				d.Body = panicking(d.Body)
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, spec := range d.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					ast.Inspect(v, dropElements)
				}
			}
		}
	}
}

// dropElements is the visitor of dropBodies over a variable's initializer.
func dropElements(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncLit:
		n.Body = panicking(n.Body)
		return false
	case *ast.CompositeLit:
		if array, ok := n.Type.(*ast.ArrayType); ok {
			if _, counted := array.Len.(*ast.Ellipsis); counted {
				return true
			}
		}
		n.Elts = nil
		return false
	}
	return true
}

// panicking returns a body to stand for body: panic(nil), which type-checks
// in any function (a generic function and init must have a body, a
// function with results must end in a terminating statement).
func panicking(body *ast.BlockStmt) *ast.BlockStmt {
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: body.Lbrace, Name: "panic"}, Lparen: body.Lbrace, Args: []ast.Expr{&ast.Ident{NamePos: body.Lbrace, Name: "nil"}}, Rparen: body.Lbrace}
	return &ast.BlockStmt{Lbrace: body.Lbrace, List: []ast.Stmt{&ast.ExprStmt{X: call}}, Rbrace: body.Rbrace}
}

// bodilessFiles lists the files of the packages whose bodies no analyzer
// reads, from the import graph alone (go list, no type checking): the
// packages outside the main modules that are not among the packages named
// and reach no MCP API, or are one.
func bodilessFiles(cfg *packages.Config, patterns []string) (map[string]bool, error) {
	graph := *cfg
	graph.Mode = packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedCompiledGoFiles | packages.NeedModule
	roots, err := packages.Load(&graph, patterns...)
	if err != nil {
		return nil, err
	}
	reaches := make(map[*packages.Package]bool)
	var reach func(p *packages.Package) bool
	reach = func(p *packages.Package) bool {
		if r, ok := reaches[p]; ok {
			return r
		}
		reaches[p] = false // an import cycle only through test variants; no API there
		r := knowledge.IsAPIPath(p.PkgPath)
		for _, imp := range p.Imports {
			r = reach(imp) || r
		}
		reaches[p] = r
		return r
	}
	named := make(map[*packages.Package]bool)
	for _, p := range roots {
		named[p] = true
	}
	// A file may be in two packages (a package and its test variant):
	// its body stays if either needs it.
	files := make(map[string]bool)
	packages.Visit(roots, nil, func(p *packages.Package) {
		main := p.Module != nil && p.Module.Main
		api := knowledge.InAPIModule(strings.TrimSuffix(p.PkgPath, "_test"))
		bodiless := !named[p] && !main && (api || !reach(p))
		for _, f := range p.CompiledGoFiles {
			if b, seen := files[f]; !seen || b {
				files[f] = bodiless
			}
		}
	})
	return files, nil
}

// unusedImport is go/types's message for an unused import.
var unusedImport = regexp.MustCompile(`^"[^"]+" imported (as \S+ )?and not used$`)

// forgiveUnusedImports clears the one type error that dropping the
// bodies causes, an import that only the bodies used, from the packages
// whose files lost their bodies: the package is otherwise as well typed as
// it was. Any other error stays.
// IllTyped, which says whether a package or one of its dependencies has
// errors, is computed again.
func forgiveUnusedImports(pkgs []*packages.Package, bodiless map[string]bool) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 && len(p.CompiledGoFiles) > 0 && bodiless[p.CompiledGoFiles[0]] {
			kept := p.Errors[:0]
			for _, e := range p.Errors {
				if e.Kind != packages.TypeError || !unusedImport.MatchString(e.Msg) {
					kept = append(kept, e)
				}
			}
			p.Errors = kept
		}
		if p.Types == nil {
			return
		}
		p.IllTyped = len(p.Errors) > 0
		for _, imp := range p.Imports {
			p.IllTyped = p.IllTyped || imp.IllTyped
		}
	})
}
