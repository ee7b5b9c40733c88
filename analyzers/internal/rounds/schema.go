package rounds

import (
	"encoding/json"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
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
// returned by a function of the package, or of another package by its
// Schema fact. ok is
// false when any part of it is not known: a schema built at run time, or
// a property map with a key that is not a constant.
func (r *Result) RequestedProperties(params ssa.Value) (Properties, bool) {
	props, ok := r.schemas().requestedProperties(params, 0)
	return props, ok && !props.named()
}

// Schema is the fact that an exported function returns an elicitation's
// requested schema (Returns "schema": a map[string]any, a
// *jsonschema.Schema, a json.RawMessage) or its parameters (Returns
// "params"), with these properties on every return: a team's shared
// builder, such as confirm.BoxSchema("confirm", "Delete it"). A property
// whose name is a parameter of the function is named "\x00N" (N its
// index, the receiver first), and takes the constant its call passes.
type Schema struct {
	Returns    string
	Properties Properties
}

func (*Schema) AFact() {}
func (f *Schema) String() string {
	names := slices.Sorted(maps.Keys(f.Properties))
	for i, n := range names {
		if param, ok := strings.CutPrefix(n, paramPrefix); ok {
			n = "$" + param
		}
		names[i] = n + ":" + f.Properties[names[i]]
	}
	return "schema " + f.Returns + " " + strings.Join(names, ",")
}

// What a Schema fact's function returns.
const (
	returnsSchema = "schema"
	returnsParams = "params"
)

// paramPrefix begins the name of a property named by a parameter.
const paramPrefix = "\x00"

// named reports whether a property of props is still named by a
// parameter (its call did not pass a constant).
func (props Properties) named() bool {
	for name := range props {
		if strings.HasPrefix(name, paramPrefix) {
			return true
		}
	}
	return false
}

// schemas reads the requested schemas of a package: its own functions by
// their bodies, other packages' by their Schema facts.
type schemas struct {
	importFact func(*types.Func, analysis.Fact) bool
	// stores returns the package's stores into a package variable (nil:
	// package variables are not read).
	stores func(*ssa.Global) []flow.Store
}

func (r *Result) schemas() schemas {
	if r.pass == nil {
		return schemas{importFact: func(*types.Func, analysis.Fact) bool { return false }}
	}
	return schemas{
		importFact: func(fn *types.Func, f analysis.Fact) bool {
			return fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, f)
		},
		stores: func(g *ssa.Global) []flow.Store {
			if r.storesGraph == nil {
				r.storesGraph = r.graph
			}
			if r.storesGraph == nil {
				r.storesGraph = flow.New(ssabuild.Of(r.pass))
			}
			return r.storesGraph.Stores(g)
		},
	}
}

// exportSchemas exports the Schema fact of each exported function of the
// package that returns a requested schema, or parameters, it writes out.
func exportSchemas(pass *analysis.Pass, s schemas, funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || fn.Signature.Results().Len() == 0 {
			continue
		}
		for _, kind := range [...]struct {
			returns string
			of      func(ssa.Value, int) (Properties, bool)
		}{{returnsSchema, s.schemaProperties}, {returnsParams, s.requestedProperties}} {
			if props, ok := s.fromReturns(fn, 0, kind.of); ok {
				pass.ExportObjectFact(obj, &Schema{Returns: kind.returns, Properties: props})
				break
			}
		}
	}
}

func (s schemas) requestedProperties(params ssa.Value, depth int) (Properties, bool) {
	if depth > maxSchemaDepth {
		return nil, false
	}
	switch v := flow.Unconvert(params).(type) {
	case *ssa.Alloc:
		schema, ok := storedSchema(v, 0)
		if !ok {
			return nil, false
		}
		return s.schemaProperties(schema, depth)
	case *ssa.UnOp: // a struct of parameters passed by value
		if v.Op == token.MUL {
			return s.requestedProperties(v.X, depth)
		}
	case *ssa.Call:
		return s.sameFromReturns(v, depth, s.requestedProperties, returnsParams)
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
func (s schemas) schemaProperties(v ssa.Value, depth int) (Properties, bool) {
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
		return s.sameFromReturns(v, depth, s.schemaProperties, returnsSchema)
	case *ssa.UnOp: // a package variable's schema
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			return s.globalProperties(g, depth)
		}
	case *ssa.Extract: // schema, err := jsonschema.For[T](nil)
		if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
			return inferredProperties(call)
		}
	}
	return nil, false
}

// globalProperties returns the properties of the schema an unexported
// package variable holds: the one value the package ever stores into it
// (its initializer). An exported one may be set by any importer.
func (s schemas) globalProperties(g *ssa.Global, depth int) (Properties, bool) {
	if s.stores == nil || depth > maxSchemaDepth {
		return nil, false
	}
	if obj := g.Object(); obj == nil || obj.Exported() {
		return nil, false
	}
	st := s.stores(g)
	if len(st) != 1 {
		return nil, false
	}
	return s.schemaProperties(st[0].Val, depth+1)
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
// function called by call returns, when they all agree: by its body, or,
// in another package, by its Schema fact (returning what returns names);
// a property named by a parameter takes the constant the call passes.
func (s schemas) sameFromReturns(call *ssa.Call, depth int, of func(ssa.Value, int) (Properties, bool), returns string) (Properties, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, false
	}
	var props Properties
	if callee.Blocks != nil {
		var ok bool
		if props, ok = s.fromReturns(callee, depth+1, of); !ok {
			return nil, false
		}
	} else {
		fn, ok := callee.Object().(*types.Func)
		f := new(Schema)
		if !ok || !s.importFact(fn.Origin(), f) || f.Returns != returns {
			return nil, false
		}
		props = f.Properties
	}
	return substitute(props, call.Call.Args)
}

// fromReturns returns what of applies to every value fn returns first,
// when they all agree.
func (s schemas) fromReturns(fn *ssa.Function, depth int, of func(ssa.Value, int) (Properties, bool)) (Properties, bool) {
	var out Properties
	seen := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		props, ok := of(returned(ret, 0), depth)
		if !ok || seen && !sameProperties(out, props) {
			return nil, false
		}
		out, seen = props, true
	}
	return out, seen
}

// substitute names each property of props named by a parameter with the
// constant string args passes for it; ok is false when one is not a
// constant.
func substitute(props Properties, args []ssa.Value) (Properties, bool) {
	if !props.named() {
		return props, true
	}
	out := make(Properties, len(props))
	for name, typ := range props {
		if param, ok := strings.CutPrefix(name, paramPrefix); ok {
			i, err := strconv.Atoi(param)
			if err != nil || i >= len(args) {
				return nil, false
			}
			if name = flow.StringConst(args[i]); name == "" {
				return nil, false
			}
		}
		out[name] = typ
	}
	return out, true
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

// mapEntries returns the entries a map literal is built with, by key (a
// key that is a parameter of the function by its placeholder, "\x00N");
// ok is false when a key is neither a string constant nor a parameter, or
// is set twice.
func mapEntries(m *ssa.MakeMap) (map[string]ssa.Value, bool) {
	out := make(map[string]ssa.Value)
	for _, ref := range *m.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok || up.Map != m {
			continue
		}
		k := flow.StringConst(up.Key)
		if p, ok := flow.Unconvert(up.Key).(*ssa.Parameter); ok {
			k = paramPrefix + strconv.Itoa(slices.Index(p.Parent().Params, p))
		}
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
