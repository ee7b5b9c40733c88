package statereach

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A package whose input-required results all carry one constant request
// state (a marker such as "awaiting_confirmation") gives every client that
// constant in the first round of every call: a comparison with it tells a
// retry from a first call and grants nothing that a client cannot get by
// asking, so protecting its integrity would protect nothing. Two states
// are different: a client could present the later one (an "approved"
// stage) without passing the earlier.

// marker returns the one constant request state the package's results
// carry, or "" when they carry none, several, or one computed at run time.
func (c *checker) marker() string {
	if c.markerDone {
		return c.issuedMarker
	}
	c.markerDone = true
	info := c.pass.TypesInfo
	var states []ast.Expr
	ins := c.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	filter := []ast.Node{(*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}
	ins.Preorder(filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if isResultState(info, n.Key) {
				states = append(states, n.Value)
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && isResultState(info, sel.Sel) && len(n.Rhs) == len(n.Lhs) {
					states = append(states, n.Rhs[i])
				}
			}
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(info, n).(*types.Func); ok {
				if i, ok := knowledge.RequestStateArg(fn.Origin()); ok && i < len(n.Args) {
					states = append(states, n.Args[i])
				}
			}
		}
	})
	one := ""
	for _, e := range states {
		tv := info.Types[e]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return ""
		}
		s := constant.StringVal(tv.Value)
		if s == "" {
			continue // no state: asks nothing
		}
		if one != "" && s != one {
			return ""
		}
		one = s
	}
	c.issuedMarker = one
	return one
}

// isResultState reports whether id names the RequestState field of an
// input-required result (go-sdk's CallToolResult and its siblings,
// mcp-go's).
func isResultState(info *types.Info, id ast.Expr) bool {
	ident, ok := id.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[ident].(*types.Var)
	return ok && v.Name() == "RequestState" && knowledge.InputRequiredField(v, nil) != ""
}

// isMarker reports whether e is the constant "", or the package's one
// constant request state.
func (c *checker) isMarker(e ast.Expr) bool {
	tv := c.pass.TypesInfo.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	s := constant.StringVal(tv.Value)
	return s == "" || s == c.marker()
}
