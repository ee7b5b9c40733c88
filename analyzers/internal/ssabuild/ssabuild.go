// Package ssabuild builds the SSA form of the package of a pass, on demand.
//
// It builds what golang.org/x/tools/go/analysis/passes/buildssa builds (a
// program per pass, the imports created from their types alone), but only
// when an analyzer asks for it. An analyzer that listed buildssa in its
// Requires would pay for SSA in every package that go vet visits,
// dependencies and the standard library included; mcplint's analyzers ask
// only after their fast bail-out, in the few packages that use an MCP API.
package ssabuild

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Build returns the SSA package of pass and its source functions (declared
// functions and, after each, its function literals), in source order. mode
// is ssa.GlobalDebug for an analyzer that maps expressions to values
// (ssa.Function.ValueForExpr), else 0.
func Build(pass *analysis.Pass, mode ssa.BuilderMode) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, mode)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()

	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			d, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(fn); f != nil {
				add(f)
			}
		}
	}
	// Function literals of package-level variable initializers belong to
	// the package initializer.
	if init := pkg.Func("init"); init != nil {
		for _, anon := range init.AnonFuncs {
			add(anon)
		}
	}
	return pkg, funcs
}
