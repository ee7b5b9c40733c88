// Package ssabuild is the helper analyzer that builds the SSA form of a
// package once, for every mcplint analyzer that needs it.
//
// It builds what golang.org/x/tools/go/analysis/passes/buildssa builds (a
// program per pass, the imports created from their types alone), but only
// when an analyzer asks for it: its result is a [*SSA] whose [SSA.Program]
// builds on first use. An analyzer that listed buildssa in its Requires
// would pay for SSA in every package that go vet visits, dependencies and
// the standard library included; mcplint's analyzers ask only after their
// fast bail-out ([check.Relevant]), in the few packages that use an MCP API,
// and the first one to ask builds it for all of them.
//
// The form is built with ssa.GlobalDebug, so that an analyzer can map an
// expression of the syntax tree to its value (ssa.Function.ValueForExpr,
// the debug references).
package ssabuild

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer provides the lazily built SSA form of a package. Its result is
// a *SSA.
var Analyzer = &analysis.Analyzer{
	Name:       "mcplintssa",
	Doc:        "build the SSA form of a package once, on demand, for mcplint's analyzers",
	Run:        func(pass *analysis.Pass) (any, error) { return &SSA{pass: pass}, nil },
	ResultType: reflect.TypeFor[*SSA](),
}

// SSA is the SSA form of one package, built on the first call of Program.
type SSA struct {
	pass *analysis.Pass
	once sync.Once
	prog *Program
}

// A Program is the SSA form of a package.
type Program struct {
	Pkg *ssa.Package
	// Funcs are the package's source functions: each declared function
	// followed by its function literals (depth first), in source order,
	// then the literals of package-level variable initializers.
	Funcs []*ssa.Function
	// ByNode maps the syntax of each source function (a *ast.FuncDecl or
	// *ast.FuncLit) to its function.
	ByNode map[ast.Node]*ssa.Function
	// Closures maps each function literal to the instruction that makes
	// its closure, when it captures variables.
	Closures map[*ssa.Function]*ssa.MakeClosure
}

// builds counts the SSA programs built in this process, for the test that
// every relevant package is built once.
var builds atomic.Int64

// Builds returns how many packages this process has built the SSA form of.
func Builds() int64 { return builds.Load() }

// Of returns the SSA form of the package of pass, whose analyzer must
// require [Analyzer].
func Of(pass *analysis.Pass) *Program { return pass.ResultOf[Analyzer].(*SSA).Program() }

// Program returns the package's SSA form, building it on the first call.
func (s *SSA) Program() *Program {
	s.once.Do(func() { s.prog = Build(s.pass.Fset, s.pass.Pkg, s.pass.Files, s.pass.TypesInfo) })
	return s.prog
}

// Func returns the SSA function of a function declaration or literal of
// the package, or nil.
func (p *Program) Func(n ast.Node) *ssa.Function { return p.ByNode[n] }

// Build builds the SSA form of a type-checked package, its imports
// created from their types alone. Analyzers get it from [Analyzer]'s
// result; Build is for tests that have no pass.
func Build(fset *token.FileSet, tpkg *types.Package, files []*ast.File, info *types.Info) *Program {
	builds.Add(1)
	prog := ssa.NewProgram(fset, ssa.GlobalDebug)
	for _, p := range tpkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(tpkg, files, info, false)
	pkg.Build()

	p := &Program{Pkg: pkg, ByNode: make(map[ast.Node]*ssa.Function), Closures: make(map[*ssa.Function]*ssa.MakeClosure)}
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		p.Funcs = append(p.Funcs, f)
		if syn := f.Syntax(); syn != nil {
			p.ByNode[syn] = f
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					p.Closures[mc.Fn.(*ssa.Function)] = mc
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			d, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := info.Defs[d.Name].(*types.Func)
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
	return p
}
