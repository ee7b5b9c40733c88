package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
)

// A Graph answers flow questions about one package. Its indexes are built
// on first use; a Graph is not safe for concurrent use.
type Graph struct {
	Prog *ssabuild.Program
	pkg  *types.Package

	globals  map[*ssa.Global][]Store // a global -> the package's stores into it
	fields   map[*types.Var][]Store  // a struct field -> the package's stores into it, in any value
	impls    map[*types.Func][]*ssa.Function
	byMethod map[string][]types.Type    // method name -> the package's named types (and pointers) with it
	postdom  map[*ssa.Function][][]bool // block index -> post-dominated-by set
	exprs    map[*ssa.Function]*exprMap
	returns  map[paramReturn]ResultSet
	calls    *callGraph
	owned    map[*ssa.Function]bool // the source functions and the package initializer
}

// New returns the flow graph of the package whose SSA form is prog.
func New(prog *ssabuild.Program) *Graph {
	return &Graph{
		Prog:    prog,
		pkg:     prog.Pkg.Pkg,
		impls:   make(map[*types.Func][]*ssa.Function),
		postdom: make(map[*ssa.Function][][]bool),
		exprs:   make(map[*ssa.Function]*exprMap),
		returns: make(map[paramReturn]ResultSet),
	}
}

// InPackage reports whether fn has a body in the graph's package.
func (g *Graph) InPackage(fn *ssa.Function) bool {
	return fn != nil && fn.Blocks != nil && fn.Pkg != nil && fn.Pkg.Pkg == g.pkg
}

// Instrs calls f for each instruction of fn, in block order.
func Instrs(fn *ssa.Function, f func(ssa.Instruction)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			f(instr)
		}
	}
}

// WithClosures returns fn and the function literals nested in it, parents
// before their literals.
func WithClosures(fn *ssa.Function) []*ssa.Function {
	fns := []*ssa.Function{fn}
	for i := 0; i < len(fns); i++ {
		fns = append(fns, fns[i].AnonFuncs...)
	}
	return fns
}

// A Store is a store instruction of the package and the value it stores.
type Store struct {
	Val ssa.Value
	At  *ssa.Store
}

// indexStores records, once, the package's stores into globals and into
// the fields of structs.
func (g *Graph) indexStores() {
	if g.globals != nil {
		return
	}
	g.globals = make(map[*ssa.Global][]Store)
	g.fields = make(map[*types.Var][]Store)
	for _, fn := range g.allFuncs() {
		Instrs(fn, func(instr ssa.Instruction) {
			st, ok := instr.(*ssa.Store)
			if !ok {
				return
			}
			switch a := st.Addr.(type) {
			case *ssa.Global:
				g.globals[a] = append(g.globals[a], Store{st.Val, st})
			case *ssa.FieldAddr:
				if f := Field(a.X.Type(), a.Field); f != nil {
					g.fields[f] = append(g.fields[f], Store{st.Val, st})
				}
			}
		})
	}
}

// Stores returns the package's stores into the place addr denotes: a
// local variable (an Alloc: the stores to it directly), a global, or a
// field (the stores into that field of any value of its struct type), in
// the order of the package's functions. Whether the place is written
// elsewhere too (an escaping address, an exported global or field) is the
// caller's question; [Graph.Origins] asks it.
func (g *Graph) Stores(addr ssa.Value) []Store {
	switch a := addr.(type) {
	case *ssa.Alloc:
		var out []Store
		for _, r := range *a.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				out = append(out, Store{st.Val, st})
			}
		}
		return out
	case *ssa.Global:
		g.indexStores()
		return g.globals[a]
	case *ssa.FieldAddr:
		if f := Field(a.X.Type(), a.Field); f != nil {
			return g.FieldStores(f)
		}
	}
	return nil
}

// FieldStores returns the package's stores into field f of any value of
// its struct type.
func (g *Graph) FieldStores(f *types.Var) []Store {
	g.indexStores()
	return g.fields[f]
}

// own reports whether fn is one of the package's source functions or its
// initializer.
func (g *Graph) own(fn *ssa.Function) bool {
	if g.owned == nil {
		g.owned = make(map[*ssa.Function]bool)
		for _, f := range g.allFuncs() {
			g.owned[f] = true
		}
	}
	return g.owned[fn]
}

// allFuncs returns the source functions and the package initializer.
func (g *Graph) allFuncs() []*ssa.Function {
	fns := g.Prog.Funcs
	if init := g.Prog.Pkg.Func("init"); init != nil {
		fns = append([]*ssa.Function{init}, fns...)
	}
	return fns
}

// Field returns field i of the struct that ptr, a pointer, points to, or
// nil: the field a FieldAddr of ptr addresses.
func Field(ptr types.Type, i int) *types.Var {
	p, ok := types.Unalias(ptr).Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return nil
	}
	return s.Field(i)
}

// StructField returns field i of the struct type t, or nil: the field a
// Field instruction of a t value selects.
func StructField(t types.Type, i int) *types.Var {
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

// StringConst returns the string constant v is, through conversions, or
// "".
func StringConst(v ssa.Value) string {
	if k, ok := Unconvert(v).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
		return constant.StringVal(k.Value)
	}
	return ""
}

// FieldAddrs yields the addresses of fields taken directly from the
// struct at addr, each with its field.
func FieldAddrs(addr ssa.Value) iter.Seq2[*ssa.FieldAddr, *types.Var] {
	return func(yield func(*ssa.FieldAddr, *types.Var) bool) {
		for _, ref := range *addr.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != addr {
				continue
			}
			if f := Field(fa.X.Type(), fa.Field); f != nil && !yield(fa, f) {
				return
			}
		}
	}
}

// StoredAt yields the values stored at addr.
func StoredAt(addr ssa.Value) iter.Seq[ssa.Value] {
	return func(yield func(ssa.Value) bool) {
		for _, ref := range *addr.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == addr && !yield(st.Val) {
				return
			}
		}
	}
}

// ownField returns field i of the struct that ptr points to if it is an
// unexported field declared in the graph's package (only the package can
// store into it), or nil.
func (g *Graph) ownField(ptr types.Type, i int) *types.Var {
	f := Field(ptr, i)
	if f == nil || f.Exported() || f.Pkg() != g.pkg {
		return nil
	}
	return f
}

// exprMap is what the expressions of one function (with its literals)
// denote, from the debug references of the SSA form.
type exprMap struct {
	values map[ast.Expr]ssa.Value
	addrs  map[ast.Expr]ssa.Value
	refs   map[ast.Expr]*ssa.DebugRef // the first reference to each expression
}

func (g *Graph) exprMap(fn *ssa.Function) *exprMap {
	if m := g.exprs[fn]; m != nil {
		return m
	}
	m := &exprMap{values: make(map[ast.Expr]ssa.Value), addrs: make(map[ast.Expr]ssa.Value), refs: make(map[ast.Expr]*ssa.DebugRef)}
	for _, f := range WithClosures(fn) {
		Instrs(f, func(instr ssa.Instruction) {
			if ref, ok := instr.(*ssa.DebugRef); ok {
				if _, seen := m.refs[ref.Expr]; !seen {
					m.refs[ref.Expr] = ref
				}
				if ref.IsAddr {
					m.addrs[ref.Expr] = ref.X
				} else {
					m.values[ref.Expr] = ref.X
				}
			}
		})
	}
	g.exprs[fn] = m
	return m
}

// Value returns the value that expression e of fn (or of a function
// literal in fn) denotes, or nil.
func (g *Graph) Value(fn *ssa.Function, e ast.Expr) ssa.Value {
	return g.exprMap(fn).values[ast.Unparen(e)]
}

// Addr returns the address of the variable that expression e of fn
// denotes, when that variable lives in memory, or nil.
func (g *Graph) Addr(fn *ssa.Function, e ast.Expr) ssa.Value {
	return g.exprMap(fn).addrs[ast.Unparen(e)]
}

// Ref returns the debug reference where expression e of fn (or of a
// function literal in fn) is evaluated, or nil: the point of an
// expression in the SSA form.
func (g *Graph) Ref(fn *ssa.Function, e ast.Expr) *ssa.DebugRef {
	return g.exprMap(fn).refs[ast.Unparen(e)]
}

// ExprValues calls f for each expression of fn (with its literals) that
// the SSA form maps to a value, with that value.
func (g *Graph) ExprValues(fn *ssa.Function, f func(e ast.Expr, v ssa.Value)) {
	for e, v := range g.exprMap(fn).values {
		f(e, v)
	}
}

// CallAt returns the call instruction of fn (or of a literal in fn) whose
// call expression has the given opening parenthesis, or nil.
func (g *Graph) CallAt(fn *ssa.Function, lparen token.Pos) ssa.CallInstruction {
	for _, f := range WithClosures(fn) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Pos() == lparen {
					return c
				}
			}
		}
	}
	return nil
}
