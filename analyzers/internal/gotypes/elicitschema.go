package gotypes

import (
	"fmt"
	"go/types"
)

// ElicitForProblem says why go-sdk's client refuses the elicitation schema
// that jsonschema.For[t] renders (mcp's validateElicitSchema: a flat object
// whose properties have one type among string, number, integer and boolean,
// or an array of enum strings), naming the field, or returns "". Only a
// struct is judged, and a type whose schema jsonschema-go cannot infer, or
// predefines (time.Time), is left alone: another check, or none, reports it.
func ElicitForProblem(t types.Type) string {
	st := Deref(t)
	s, ok := st.Underlying().(*types.Struct)
	if !ok || SchemaProblem(st) != "" {
		return ""
	}
	for _, f := range visibleFields(st, s) {
		if f.v.Embedded() || !f.v.Exported() || omitField(f) || isInitialSchema(Deref(f.v.Type())) {
			continue
		}
		if why := elicitFieldProblem(f.v.Type()); why != "" {
			return fmt.Sprintf("field %s %s", f.v.Name(), why)
		}
	}
	return ""
}

// elicitFieldProblem says why the property jsonschema-go renders for a
// field of type t is refused, or returns "".
func elicitFieldProblem(t types.Type) string {
	if _, ok := types.Unalias(t).(*types.Pointer); ok {
		return fmt.Sprintf(`is a pointer (%s), which jsonschema-go renders as "type":["null",...], with no single type`, typeString(t))
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 {
			return ""
		}
	case *types.Struct:
		return fmt.Sprintf("is a struct (%s), a nested object", typeString(t))
	case *types.Map:
		return fmt.Sprintf("is a map (%s), an object", typeString(t))
	case *types.Slice:
		return fmt.Sprintf(`is a slice (%s), which jsonschema-go renders as "type":["null","array"] with no enum`, typeString(t))
	case *types.Array:
		return fmt.Sprintf("is an array (%s) whose items have no enum", typeString(t))
	case *types.Interface:
		return fmt.Sprintf("is an interface (%s), with no type", typeString(t))
	}
	return ""
}
