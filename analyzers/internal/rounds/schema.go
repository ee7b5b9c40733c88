package rounds

import (
	"encoding/json"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Properties are the properties of an elicitation's requested schema,
// each with its JSON type ("" where the schema gives none, or gives one
// that is not a constant).
type Properties map[string]string

// Checkbox returns the name of the one property of props when that
// property is a boolean: the question is a single checkbox, whose
// value, not the form's submission, says what the user chose.
func (props Properties) Checkbox() (string, bool) {
	if len(props) != 1 {
		return "", false
	}
	for name, typ := range props {
		return name, typ == knowledge.SchemaTypeBoolean
	}
	return "", false
}

// maxSchemaDepth bounds how many functions returning parameters or
// schemas RequestedProperties follows.
const maxSchemaDepth = 3

// RequestedProperties returns the properties of the requested schema of
// an elicitation's parameters params (go-sdk's *mcp.ElicitParams; mcp-go's
// mcp.ElicitationParams, or the mcp.ElicitationRequest holding them), when
// the package writes that schema out: a map[string]any or
// *jsonschema.Schema literal, a constant json.RawMessage or
// jsonschema.For[T] over a struct, set where the parameters are built or
// returned by a function of the package. ok is
// false when any part of it is not known: a schema built at run time, or
// a property map with a key that is not a constant.
func RequestedProperties(params ssa.Value) (Properties, bool) {
	return requestedProperties(params, 0)
}

func requestedProperties(params ssa.Value, depth int) (Properties, bool) {
	if depth > maxSchemaDepth {
		return nil, false
	}
	switch v := flow.Unconvert(params).(type) {
	case *ssa.Alloc:
		schema, ok := storedSchema(v, 0)
		if !ok {
			return nil, false
		}
		return schemaProperties(schema, depth)
	case *ssa.UnOp: // a struct of parameters passed by value
		if v.Op == token.MUL {
			return requestedProperties(v.X, depth)
		}
	case *ssa.Call:
		return sameFromReturns(v, depth, requestedProperties)
	}
	return nil, false
}

// storedSchema returns the one value stored into the RequestedSchema field
// of the parameters at addr, looking into nested structs (mcp-go's
// ElicitationRequest.Params, set field by field or stored whole from a
// literal of their own) a few levels deep.
func storedSchema(addr ssa.Value, depth int) (ssa.Value, bool) {
	if depth > 2 {
		return nil, false
	}
	var found []ssa.Value
	for fa, f := range flow.FieldAddrs(addr) {
		if knowledge.IsRequestedSchemaField(f) {
			found = slices.AppendSeq(found, flow.StoredAt(fa))
			continue
		}
		if _, isStruct := f.Type().Underlying().(*types.Struct); !isStruct {
			continue
		}
		inner := []ssa.Value{fa}
		for v := range flow.StoredAt(fa) {
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
				inner = append(inner, load.X)
			}
		}
		for _, in := range inner {
			if v, ok := storedSchema(in, depth+1); ok {
				found = append(found, v)
			}
		}
	}
	if len(found) != 1 {
		return nil, false
	}
	return found[0], true
}

// schemaProperties returns the properties of the schema value v.
func schemaProperties(v ssa.Value, depth int) (Properties, bool) {
	switch v := flow.Unconvert(v).(type) {
	case *ssa.MakeMap: // map[string]any{"type": "object", "properties": ...}
		entries, ok := mapEntries(v)
		if !ok {
			return nil, false
		}
		return literalProperties(entries[knowledge.SchemaKeywordProperties], func(prop ssa.Value) (string, bool) {
			m, ok := prop.(*ssa.MakeMap)
			if !ok {
				return "", false
			}
			fields, ok := mapEntries(m)
			return flow.StringConst(fields[knowledge.SchemaKeywordType]), ok
		})
	case *ssa.Alloc: // &jsonschema.Schema{Type: "object", Properties: ...}
		if !knowledge.IsSchema(knowledge.Pointee(v.Type())) {
			return nil, false
		}
		return literalProperties(storedField(v, knowledge.SchemaFieldProperties), func(prop ssa.Value) (string, bool) {
			p, ok := prop.(*ssa.Alloc)
			if !ok {
				return "", false
			}
			return flow.StringConst(storedField(p, knowledge.SchemaFieldType)), true
		})
	case *ssa.Const: // json.RawMessage(`{...}`)
		if v.Value == nil || v.Value.Kind() != constant.String {
			return nil, false
		}
		var doc struct {
			Properties map[string]struct {
				Type any `json:"type"`
			} `json:"properties"`
		}
		if json.Unmarshal([]byte(constant.StringVal(v.Value)), &doc) != nil || doc.Properties == nil {
			return nil, false
		}
		out := make(Properties, len(doc.Properties))
		for name, p := range doc.Properties {
			out[name], _ = p.Type.(string)
		}
		return out, true
	case *ssa.Call:
		return sameFromReturns(v, depth, schemaProperties)
	case *ssa.Extract: // schema, err := jsonschema.For[T](nil)
		if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
			return inferredProperties(call)
		}
	}
	return nil, false
}

// inferredProperties returns the properties of the schema that the call
// jsonschema.For[T] infers, for a struct T whose fields the package
// declares: each field jsonschema-go keeps, under its JSON name, with the
// type of a plain string, boolean or number ("" for any other: a pointer
// is ["null", ...]).
func inferredProperties(call *ssa.Call) (Properties, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.TypeArgs()) != 1 {
		return nil, false
	}
	if fn, ok := callee.Object().(*types.Func); !ok || !knowledge.IsSchemaFor(fn) {
		return nil, false
	}
	st, ok := callee.TypeArgs()[0].Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	out := make(Properties, st.NumFields())
	for i := range st.NumFields() {
		f, tag := st.Field(i), st.Tag(i)
		if f.Embedded() {
			return nil, false // promoted fields: not followed
		}
		if gotypes.OmittedByJSON(f, tag) {
			continue
		}
		name := f.Name()
		if j, ok := reflect.StructTag(tag).Lookup("json"); ok {
			if n, _, _ := strings.Cut(j, ","); n != "" {
				name = n
			}
		}
		out[name] = jsonType(f.Type())
	}
	return out, true
}

// jsonType returns the JSON Schema type jsonschema-go infers for a field
// of type t when it is one plain type, or "".
func jsonType(t types.Type) string {
	b, ok := types.Unalias(t).(*types.Basic)
	if !ok {
		if b, ok = t.Underlying().(*types.Basic); !ok {
			return ""
		}
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return knowledge.SchemaTypeBoolean
	case b.Info()&types.IsString != 0:
		return "string"
	case b.Info()&types.IsInteger != 0:
		return "integer"
	case b.Info()&types.IsFloat != 0:
		return "number"
	}
	return ""
}

// literalProperties returns the properties of the property map m, a map
// literal, each with the type that typeOf reads from its schema.
func literalProperties(m ssa.Value, typeOf func(prop ssa.Value) (string, bool)) (Properties, bool) {
	lit, ok := flow.Unconvert(m).(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	props, ok := mapEntries(lit)
	if !ok {
		return nil, false
	}
	out := make(Properties, len(props))
	for name, prop := range props {
		t, ok := typeOf(flow.Unconvert(prop))
		if !ok {
			return nil, false
		}
		out[name] = t
	}
	return out, true
}

// sameFromReturns returns what of applies to every value that the
// package's function called by call returns, when they all agree.
func sameFromReturns(call *ssa.Call, depth int, of func(ssa.Value, int) (Properties, bool)) (Properties, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil {
		return nil, false
	}
	var out Properties
	seen := false
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		props, ok := of(returned(ret, 0), depth+1)
		if !ok || seen && !sameProperties(out, props) {
			return nil, false
		}
		out, seen = props, true
	}
	return out, seen
}

func sameProperties(a, b Properties) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// mapEntries returns the entries a map literal is built with, by key; ok
// is false when a key is not a string constant or is set twice.
func mapEntries(m *ssa.MakeMap) (map[string]ssa.Value, bool) {
	out := make(map[string]ssa.Value)
	for _, ref := range *m.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok || up.Map != m {
			continue
		}
		k := flow.StringConst(up.Key)
		if _, dup := out[k]; k == "" || dup {
			return nil, false
		}
		out[k] = up.Value
	}
	return out, true
}

// storedField returns the one value stored into the field named name of
// the struct at addr, or nil.
func storedField(addr ssa.Value, name string) ssa.Value {
	var found []ssa.Value
	for fa, f := range flow.FieldAddrs(addr) {
		if f.Name() == name {
			found = slices.AppendSeq(found, flow.StoredAt(fa))
		}
	}
	if len(found) != 1 {
		return nil
	}
	return found[0]
}
