package syncask

import (
	"go/ast"
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// isVersionValue reports whether e denotes the protocol version of a
// session or request: the field ProtocolVersion of an SDK type
// (go-sdk's InitializeParams, as in ss.InitializeParams().ProtocolVersion),
// go-sdk's (*ServerRequest).ProtocolVersion(), mcp-go's
// server.RequestProtocolVersion(ctx) and the ProtocolVersion method of its
// sessions, or mcp-go's RequestProtocolInfo.Modern.
func isVersionValue(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return knowledge.IsVersionField(info.Uses[e.Sel])
	case *ast.CallExpr:
		fn, ok := info.Uses[calleeIdent(e.Fun)].(*types.Func)
		return ok && (fn.Name() == "ProtocolVersion" || fn.Name() == "RequestProtocolVersion") && knowledge.InSDK(fn.Pkg())
	}
	return false
}

// calleeIdent returns the identifier that names the function in a call's
// Fun expression, or nil.
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}
