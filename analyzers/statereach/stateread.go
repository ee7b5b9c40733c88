package statereach

import (
	"go/ast"
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// stateRead returns the request-state field that sel selects, and its
// description as by [knowledge.StateField], or nil and "".
func stateRead(info *types.Info, sel *ast.SelectorExpr) (*types.Var, string) {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, ""
	}
	v, _ := s.Obj().(*types.Var)
	if d := knowledge.StateField(v); d != "" {
		return v, d
	}
	return nil, ""
}
