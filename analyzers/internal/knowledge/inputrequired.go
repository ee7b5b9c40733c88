package knowledge

import (
	"go/constant"
	"go/types"
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

// InputRequiredType reports whether t is mcp-go's mcp.InputRequiredResult,
// a literal of which is an input-required result.
func InputRequiredType(t types.Type) bool { return IsNamed(t, MCPGoPath, "InputRequiredResult") }

// InputRequiredCall describes fn if calling it builds an input-required
// result ("calls mcp.NewInputRequiredResult"), or returns "".
func InputRequiredCall(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
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
				if p := Pointee(recv.Type()); p != nil && IsNamed(p, MCPGoServerPath, "InputRequestBuilder") {
					return "calls server.InputRequestBuilder." + fn.Name()
				}
			}
		}
	}
	return ""
}

// InputRequiredField describes the field v if giving it the value value
// makes a result input-required ("mcp.CallToolResult.InputRequests"), or
// returns "". value is the constant value given, or nil if it is not a
// constant or not known.
func InputRequiredField(v *types.Var, value constant.Value) string {
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
			if value.Kind() == constant.String && constant.StringVal(value) == "input_required" {
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
