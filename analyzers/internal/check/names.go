package check

import (
	"go/ast"
	"go/types"
	"path"

	"golang.org/x/tools/go/types/typeutil"
)

// FuncOf returns the function or method that the function-valued
// expression e names statically (a function, a method value or expression,
// an instantiation of either), as its generic origin, or nil: for a
// function literal, a variable, an interface method or a builtin.
func FuncOf(info *types.Info, e ast.Expr) *types.Func {
	// StaticCallee reads only the callee of the call.
	fn := typeutil.StaticCallee(info, &ast.CallExpr{Fun: e})
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// FuncName is the one spelling of a function in mcplint's messages and
// facts, the runtime's (runtime.FuncForPC without the import path), so
// that a static finding and its run-time twin name a function alike:
// "pkg.Func", "pkg.Func[...]" for a generic function, "pkg.Type.Method"
// or "pkg.(*Type).Method" for a method. pkg is the last element of the
// import path, or "main".
func FuncName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name() // a method of the predeclared error
	}
	pkg := path.Base(fn.Pkg().Path())
	if fn.Pkg().Name() == "main" {
		pkg = "main"
	}
	return pkg + "." + LocalName(fn)
}

// LocalName is [FuncName] without the package, for a function of the
// package being analyzed: "Func", "Type.Method", "(*Type).Method".
func LocalName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t, star := recv.Type(), false
		if p, ok := t.(*types.Pointer); ok {
			t, star = p.Elem(), true
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			tname := n.Obj().Name()
			if n.TypeParams().Len() > 0 {
				tname += "[...]"
			}
			if star {
				tname = "(*" + tname + ")"
			}
			name = tname + "." + name
		}
	} else if fn.Signature().TypeParams().Len() > 0 {
		name += "[...]"
	}
	return name
}

// FuncLiteral is the one spelling of a function literal in messages, the
// runtime's too (it names one "pkg.Outer.func1", which no author wrote).
const FuncLiteral = "func literal"

// LiteralIn names a function literal inside the function named outer.
func LiteralIn(outer string) string { return FuncLiteral + " in " + outer }

// DeclName names a function declaration in messages: "F", "T.M" or
// "(*T).M", without type arguments.
func DeclName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return d.Name.Name
	}
	e := d.Recv.List[0].Type
	star := false
	if s, ok := e.(*ast.StarExpr); ok {
		star, e = true, s.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if star {
		return "(*" + types.ExprString(e) + ")." + d.Name.Name
	}
	return types.ExprString(e) + "." + d.Name.Name
}
