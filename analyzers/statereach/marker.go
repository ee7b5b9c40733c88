package statereach

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
)

// A package whose input-required results all carry one constant request
// state (a marker such as "awaiting_confirmation") gives every client that
// constant in the first round of every call: a comparison with it tells a
// retry from a first call and grants nothing that a client cannot get by
// asking, so protecting its integrity would protect nothing. Where no
// answer is read, though, the marker stands in for one: the function acts
// on "I asked" as if it were "the user said yes" (the stands-in finding).
// Two states are different: a client could present the later one (an
// "approved" stage) without passing the earlier.

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

// A stateTest is what comparing the state with a value does.
type stateTest int

const (
	// relies: the comparison decides on what the state says (a value the
	// package does not carry, or one of several).
	relies stateTest = iota
	// tellsRetry: the comparison is with "", or with the marker in a
	// function that reads the answers: it tells a retry from a first call.
	tellsRetry
	// standsIn: the comparison is with the marker in a function that reads
	// no answer: the state stands in for an answer it does not carry.
	standsIn
)

// test says what comparing the state with each of es does in unit u: the
// first value that relies on the state decides, then one that stands in.
func (c *checker) test(u *unit, es ...ast.Expr) stateTest {
	t := tellsRetry
	for _, e := range es {
		switch c.testConst(u, c.pass.TypesInfo.Types[e].Value) {
		case relies:
			return relies
		case standsIn:
			t = standsIn
		}
	}
	return t
}

// testConst says what comparing the state with the constant k (nil: not a
// constant) does in unit u.
func (c *checker) testConst(u *unit, k constant.Value) stateTest {
	if k == nil || k.Kind() != constant.String {
		return relies
	}
	switch s := constant.StringVal(k); {
	case s == "":
		return tellsRetry
	case s != c.marker():
		return relies
	case !c.readsAnswers(u):
		return standsIn
	}
	return tellsRetry
}

// readsAnswers reports whether the function of u reads the answers of the
// input responses, itself or through the functions it calls.
func (c *checker) readsAnswers(u *unit) bool {
	sfn := c.ssaFunc(u.node)
	return sfn != nil && rounds.Of(c.pass).ReadsAnswers(sfn)
}
