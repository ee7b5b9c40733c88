package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
)

// Outermost returns the declared function that fn is, or is a function
// literal in (at any depth).
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// FuncName names fn in messages and facts: a function literal by the
// declared function it is written in, whose code is read with it, in
// check.FuncName's one spelling.
func FuncName(fn *ssa.Function) string {
	fn = Outermost(fn)
	if obj, ok := fn.Object().(*types.Func); ok {
		return check.FuncName(obj)
	}
	return fn.Name()
}
