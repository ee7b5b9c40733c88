package mcpapi

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// This file knows the ways Go code builds an input-required result (the
// 2026-07-28 multi-round flow driven by hand):
//
//   - go-sdk: mcp.CallToolResult with InputRequests or RequestState set, in
//     a composite literal or by assignment;
//   - mcp-go: an mcp.InputRequiredResult literal, mcp.NewInputRequiredResult,
//     mcp.MultiRoundTripResult with InputRequests or RequestState set,
//     mcp.Result with ResultType set to mcp.ResultTypeInputRequired, and the
//     results rendered by server.InputRequestBuilder.

// InputRequiredConstruct returns a short description of how n builds an
// input-required result ("sets mcp.CallToolResult.InputRequests"), or "".
// n is a composite literal, an assignment or a call; any other node gives "".
// The description of a composite literal covers the literals nested in it.
func InputRequiredConstruct(info *types.Info, n ast.Node) string {
	switch n := n.(type) {
	case *ast.CompositeLit:
		t := info.TypeOf(n)
		if t == nil {
			return ""
		}
		if p := pointee(t); p != nil {
			t = p // &T{...} elided in a slice or map literal
		}
		if isNamed(t, MCPGoPath, "InputRequiredResult") {
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
		fn, ok := typeutil.Callee(info, n).(*types.Func)
		if !ok || fn.Pkg() == nil {
			return ""
		}
		switch fn.Pkg().Path() {
		case MCPGoPath:
			if fn.Name() == "NewInputRequiredResult" && fn.Signature().Recv() == nil {
				return "calls mcp.NewInputRequiredResult"
			}
		case MCPGoServerPath:
			switch fn.Name() {
			case "ToolResult", "PromptResult", "ResourceResult":
				if recv := fn.Signature().Recv(); recv != nil {
					if p := pointee(recv.Type()); p != nil && isNamed(p, MCPGoServerPath, "InputRequestBuilder") {
						return "calls server.InputRequestBuilder." + fn.Name()
					}
				}
			}
		}
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
	if !v.IsField() || v.Pkg() == nil {
		return ""
	}
	switch v.Pkg().Path() {
	case GoSDKPath:
		if v.Name() == "InputRequests" || v.Name() == "RequestState" {
			for _, result := range []string{"CallToolResult", "GetPromptResult", "ReadResourceResult"} {
				if isFieldOf(v, result) {
					return "mcp." + result + "." + v.Name()
				}
			}
		}
	case MCPGoPath:
		switch {
		case (v.Name() == "InputRequests" || v.Name() == "RequestState") && isFieldOf(v, "MultiRoundTripResult"):
			return "mcp.MultiRoundTripResult." + v.Name()
		case v.Name() == "ResultType" && isFieldOf(v, "Result") && value != nil:
			if tv := info.Types[value]; tv.Value != nil && tv.Value.Kind() == constant.String &&
				constant.StringVal(tv.Value) == "input_required" {
				return "mcp.Result.ResultType to input_required"
			}
		}
	}
	return ""
}

// isFieldOf reports whether v is a field of the struct type named typeName
// in v's package.
func isFieldOf(v *types.Var, typeName string) bool {
	obj, ok := v.Pkg().Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == v {
			return true
		}
	}
	return false
}
