package resolvemix

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// inputRequiredConstruct returns a short description of how n builds an
// input-required result ("sets mcp.CallToolResult.InputRequests"), or "".
// n is a composite literal, an assignment or a call; any other node gives "".
// The description of a composite literal covers the literals nested in it.
func inputRequiredConstruct(info *types.Info, n ast.Node) string {
	switch n := n.(type) {
	case *ast.CompositeLit:
		t := info.TypeOf(n)
		if t == nil {
			return ""
		}
		if p := knowledge.Pointee(t); p != nil {
			t = p // &T{...} elided in a slice or map literal
		}
		if knowledge.InputRequiredType(t) {
			return "builds mcp.InputRequiredResult"
		}
		if _, ok := t.Underlying().(*types.Struct); !ok {
			return ""
		}
		for _, elt := range n.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := info.Uses[key].(*types.Var)
			if !ok {
				continue
			}
			if d := fieldConstruct(info, v, kv.Value); d != "" {
				return "sets " + d
			}
		}
	case *ast.AssignStmt:
		if n.Tok == token.DEFINE {
			return ""
		}
		for i, lhs := range n.Lhs {
			var rhs ast.Expr
			if len(n.Rhs) == len(n.Lhs) {
				rhs = n.Rhs[i]
			}
			if v := assignedField(info, lhs); v != nil {
				if d := fieldConstruct(info, v, rhs); d != "" {
					return "assigns " + d
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, n).(*types.Func)
		return knowledge.InputRequiredCall(fn)
	}
	return ""
}

// assignedField returns the field that an assignment to lhs writes,
// directly or through an index (res.InputRequests[k] = ...), or nil.
func assignedField(info *types.Info, lhs ast.Expr) *types.Var {
	for {
		switch e := ast.Unparen(lhs).(type) {
		case *ast.IndexExpr:
			lhs = e.X
			continue
		case *ast.SelectorExpr:
			if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
				v, _ := s.Obj().(*types.Var)
				return v
			}
		}
		return nil
	}
}

// fieldConstruct describes the field v if giving it the value value makes
// a result input-required, or returns "". value may be nil (unknown).
func fieldConstruct(info *types.Info, v *types.Var, value ast.Expr) string {
	var c constant.Value
	if value != nil {
		c = info.Types[value].Value
	}
	return knowledge.InputRequiredField(v, c)
}
