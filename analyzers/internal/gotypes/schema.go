package gotypes

import (
	"fmt"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/internal/rules"
)

// This file answers, with go/types, what the runtime answers with reflection
// for the rule core's form rule (rule elicitbase), and mirrors the failures
// of jsonschema.ForType from github.com/google/jsonschema-go at
// [JSONSchemaVersion], which registration calls on a tool's input and
// output types and on the answer type of resolve.Ask.

// JSONSchemaVersion is the version of github.com/google/jsonschema-go whose
// rules this file mirrors. A test fails when go.mod requires another, so
// that the mirror is checked against the new version before it is trusted.
const JSONSchemaVersion = "v0.4.3"

// ExplicitAnswer returns the name of the resolve function of sdk's binding
// that asks a question whose answer has type t and whose schema is not
// inferred from t ("AskForm", "AskSampling" or "AskRoots"), or "".
func ExplicitAnswer(sdk rules.SDK, t types.Type) string {
	switch {
	case knowledge.IsForm(t):
		return "AskForm"
	case knowledge.IsSamplingResult(sdk, t):
		return "AskSampling"
	case knowledge.IsRootsResult(sdk, t):
		return "AskRoots"
	}
	return ""
}

// FormProblem says why an eliciting resolver of sdk's binding may not be
// typed resolve.Elicit[t], or returns "": the rule core's form rule
// (rules.FormProblem), answered with go/types by [FormTypes].
//
// resolve.Ask[t] needs both: FormProblem(sdk, t) == "" and
// ExplicitAnswer(sdk, t) == "".
func FormProblem(sdk rules.SDK, t types.Type) string {
	return rules.FormProblem[types.Type](FormTypes{SDK: sdk}, t)
}

// FormTypes answers the questions of the rule core's form rule with
// go/types, as the runtime does with reflect, for the binding of SDK.
type FormTypes struct {
	SDK rules.SDK
}

// ExplicitAnswer reports whether t is the answer of AskForm, AskSampling
// or AskRoots, whose questions carry their own schema.
func (ft FormTypes) ExplicitAnswer(t types.Type) bool { return ExplicitAnswer(ft.SDK, t) != "" }

// FormShape returns the kind of t, one pointer removed, and the fields of
// a struct as reflect.VisibleFields lists them.
func (FormTypes) FormShape(t types.Type) (rules.FormKind, []rules.FormField[types.Type]) {
	st := deref(t)
	switch u := st.Underlying().(type) {
	case *types.Interface:
		return rules.FormInterface, nil
	case *types.Map:
		return rules.FormMap, nil
	case *types.Struct:
		var fields []rules.FormField[types.Type]
		for _, f := range visibleFields(st, u) {
			fields = append(fields, rules.FormField[types.Type]{
				Name: f.v.Name(), Type: f.v.Type(), Embedded: f.v.Embedded(), Exported: f.v.Exported(),
				Omitted: strings.Split(reflect.StructTag(f.tag).Get("json"), ",")[0] == "-",
			})
		}
		return rules.FormStruct, fields
	}
	if knowledge.IsNamed(t, "encoding/json", "RawMessage") {
		return rules.FormRawJSON, nil
	}
	return rules.FormOther, nil
}

// IsPrimitive reports whether t, one pointer removed, is a string, boolean
// or number type.
func (FormTypes) IsPrimitive(t types.Type) bool { return isPrimitive(deref(t)) }

// String spells t as the runtime's binding does.
func (ft FormTypes) String(t types.Type) string { return TypeStringIn(ft.SDK, t) }

// FormSchemaProblem says why jsonschema-go cannot infer the schema of t.
func (FormTypes) FormSchemaProblem(t types.Type) string { return SchemaProblem(deref(t)) }

// deref returns the element type of t if t is a pointer type (the
// runtime's derefType: one level, through defined pointer types).
func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isPrimitive(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.String, types.Bool,
		types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
		types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64,
		types.Float32, types.Float64:
		return true
	}
	return false
}

// IsAny reports whether t is the empty interface any (not a defined type).
func IsAny(t types.Type) bool {
	t = types.Unalias(t)
	i, ok := t.(*types.Interface)
	return ok && i.Empty()
}

// InputSchemaProblem says why registration cannot infer an input schema for
// a handler whose input type is in, or returns "". It mirrors buildSchemas
// in runtime/resolve/tool.go: any is an open object; otherwise the
// schema of in (one pointer removed) must be inferred and be an object.
func InputSchemaProblem(in types.Type) string {
	if IsAny(in) {
		return ""
	}
	t := deref(in)
	if why := SchemaProblem(t); why != "" {
		return "has no JSON schema: " + why
	}
	if !isObjectSchema(t) {
		return "is not a struct or map: tool arguments are a JSON object"
	}
	return ""
}

// OutputSchemaProblem says why registration through sdk's binding cannot
// infer an output schema for a handler whose result type is out, or
// returns "". Interfaces and types that can carry an input-required result
// of sdk get no inferred schema.
func OutputSchemaProblem(sdk rules.SDK, out types.Type) string {
	if _, ok := out.Underlying().(*types.Interface); ok || knowledge.CanCarryInputRequiredIn(sdk, out) {
		return ""
	}
	if why := SchemaProblem(deref(out)); why != "" {
		return "has no JSON schema: " + why
	}
	return ""
}

// isObjectSchema reports whether the schema jsonschema.ForType infers for t
// has type "object" (t's schema inferred without error).
func isObjectSchema(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return false // nullable: "type": ["null", ...]
	}
	if isInitialSchema(t) {
		return false // a string
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Map:
		return true
	}
	return false
}

// SchemaProblem mirrors jsonschema.ForType of jsonschema-go with no
// options, and says why it fails for t, or returns "".
func SchemaProblem(t types.Type) string {
	return forType(t, nil)
}

func forType(t types.Type, stack []types.Type) string {
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	t = types.Unalias(t)
	if _, ok := t.(*types.Named); ok { // a type with a name: the cycle check
		for _, s := range stack {
			if types.Identical(s, t) {
				return fmt.Sprintf("cycle detected for type %s", typeString(t))
			}
		}
		stack = append(stack, t)
	}
	if isInitialSchema(t) {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0:
			return ""
		}
		return fmt.Sprintf("type %s is unsupported by jsonschema", typeString(t))
	case *types.Interface:
		return ""
	case *types.Map:
		k := u.Key()
		if b, ok := k.Underlying().(*types.Basic); !(ok && b.Kind() == types.String) && !types.Implements(k, textMarshaler) {
			return fmt.Sprintf("unsupported map key type %s", typeString(k))
		}
		return forType(u.Elem(), stack)
	case *types.Slice:
		return forType(u.Elem(), stack)
	case *types.Array:
		return forType(u.Elem(), stack)
	case *types.Struct:
		for _, f := range visibleFields(t, u) {
			if f.v.Embedded() {
				if isInitialSchema(f.v.Type()) {
					return `custom schema for embedded struct must have type "object", got "string"`
				}
				continue
			}
			if omitField(f) {
				continue
			}
			if why := forType(f.v.Type(), stack); why != "" {
				return why
			}
			if tag, ok := reflect.StructTag(f.tag).Lookup("jsonschema"); ok {
				if tag == "" {
					return fmt.Sprintf("empty jsonschema tag on struct field %s.%s", typeString(t), f.v.Name())
				}
				if disallowedPrefix.MatchString(tag) {
					return fmt.Sprintf("tag must not begin with 'WORD=': %q", tag)
				}
			}
		}
		return ""
	case *types.TypeParam:
		return "" // unknown until instantiation
	}
	return fmt.Sprintf("type %s is unsupported by jsonschema", typeString(t))
}

var disallowedPrefix = regexp.MustCompile("^[^ \t\n]*=")

// omitField mirrors fieldJSONInfo(...).omit in jsonschema-go.
func omitField(f field) bool {
	if !f.v.Exported() {
		return true
	}
	if tag, ok := reflect.StructTag(f.tag).Lookup("json"); ok {
		name, _, found := strings.Cut(tag, ",")
		if name == "-" && !found {
			return true
		}
	}
	return false
}

// isInitialSchema reports whether jsonschema-go has a predefined schema for
// t (after pointers are removed): standard library types that marshal to
// strings.
func isInitialSchema(t types.Type) bool {
	switch {
	case knowledge.IsNamed(t, "time", "Time"), knowledge.IsNamed(t, "log/slog", "Level"),
		knowledge.IsNamed(t, "math/big", "Int"), knowledge.IsNamed(t, "math/big", "Rat"), knowledge.IsNamed(t, "math/big", "Float"):
		return true
	}
	return false
}

// textMarshaler is encoding.TextMarshaler.
var textMarshaler = func() *types.Interface {
	res := types.NewTuple(
		types.NewVar(0, nil, "", types.NewSlice(types.Typ[types.Byte])),
		types.NewVar(0, nil, "", types.Universe.Lookup("error").Type()))
	sig := types.NewSignatureType(nil, nil, nil, nil, res, false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "MarshalText", sig)}, nil).Complete()
}()

// field is a struct field with its tag, as reflect.VisibleFields lists it.
type field struct {
	v      *types.Var
	tag    string
	depth  int
	hidden bool
}

// visibleFields mirrors reflect.VisibleFields.
func visibleFields(t types.Type, s *types.Struct) []field {
	var fields []field
	byName := make(map[string]int)
	var visiting []types.Type
	var walk func(t types.Type, s *types.Struct, depth int)
	walk = func(t types.Type, s *types.Struct, depth int) {
		for _, v := range visiting {
			if types.Identical(v, t) {
				return
			}
		}
		visiting = append(visiting, t)
		for i := 0; i < s.NumFields(); i++ {
			f := field{v: s.Field(i), tag: s.Tag(i), depth: depth}
			add := true
			if old, ok := byName[f.v.Name()]; ok {
				switch o := &fields[old]; {
				case depth == o.depth: // same depth: both are hidden
					o.hidden = true
					add = false
				case depth < o.depth:
					o.hidden = true
				default:
					add = false
				}
			}
			if add {
				byName[f.v.Name()] = len(fields)
				fields = append(fields, f)
			}
			if f.v.Embedded() {
				ft := f.v.Type()
				if p, ok := ft.Underlying().(*types.Pointer); ok {
					ft = p.Elem()
				}
				if st, ok := ft.Underlying().(*types.Struct); ok {
					walk(types.Unalias(ft), st, depth+1)
				}
			}
		}
		visiting = visiting[:len(visiting)-1]
	}
	walk(types.Unalias(t), s, 0)
	var visible []field
	for _, f := range fields {
		if !f.hidden {
			visible = append(visible, f)
		}
	}
	return visible
}

// typeString prints t with package names, not paths.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
