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
	st := Deref(t)
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
func (FormTypes) IsPrimitive(t types.Type) bool { return isPrimitive(Deref(t)) }

// String spells t as the runtime's binding does.
func (ft FormTypes) String(t types.Type) string { return TypeStringIn(ft.SDK, t) }

// FormSchemaProblem says why jsonschema-go cannot infer the schema of t.
func (FormTypes) FormSchemaProblem(t types.Type) string { return SchemaProblem(Deref(t)) }

// Deref returns the element type of t if t is a pointer type (the
// runtime's derefType and go-sdk's setSchema: one level, through defined
// pointer types).
func Deref(t types.Type) types.Type {
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
	inferred := InferSchema(Deref(in), false)
	if f := inferred.Failure; f != nil {
		return "has no JSON schema: " + f.Reason
	}
	if inferred.Kind != SchemaObject {
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
	if why := SchemaProblem(Deref(out)); why != "" {
		return "has no JSON schema: " + why
	}
	return ""
}

// SchemaProblem mirrors jsonschema.ForType of jsonschema-go with no
// options, and says why it fails for t, or returns "".
func SchemaProblem(t types.Type) string {
	if f := InferSchema(t, false).Failure; f != nil {
		return f.Reason
	}
	return ""
}

// An Inferred is what jsonschema.ForType infers for a type, as far as a
// registration cares: whether it fails, and if not, the schema's type.
type Inferred struct {
	Failure *SchemaFailure // why inference fails, or nil
	Kind    SchemaKind     // the inferred schema's type, when it does not fail
}

// A SchemaKind is the type of an inferred schema.
type SchemaKind int

const (
	// SchemaObject is a schema of type "object": a struct or a map.
	SchemaObject SchemaKind = iota
	// SchemaOther is any other schema: a string, an array, a nullable
	// object (a pointer behind the first), the empty schema of an
	// interface.
	SchemaOther
	// SchemaNone is no schema at all: the type is ignored, which happens
	// only with ForOptions.IgnoreInvalidTypes.
	SchemaNone
)

// A SchemaFailure is why jsonschema.ForType returns an error.
type SchemaFailure struct {
	// Reason is the library's error, without the wrapping it adds on the
	// way up ("computing element schema: ").
	Reason string
	// Field is the path of the struct field at fault from the type inferred
	// ("Spec.Items"), or "" when the fault is the type itself.
	Field string
	Cause SchemaCause
}

// A SchemaCause is the kind of a [SchemaFailure].
type SchemaCause int

const (
	// CauseUnsupported is a type JSON Schema cannot express: a channel, a
	// function, a complex number, an unsafe.Pointer.
	CauseUnsupported SchemaCause = iota
	// CauseMapKey is a map whose key is neither a string nor an
	// encoding.TextMarshaler.
	CauseMapKey
	// CauseCycle is a named type met again inside itself.
	CauseCycle
	// CauseEmptyTag is a `jsonschema:""` tag.
	CauseEmptyTag
	// CauseWordTag is a jsonschema tag that begins with WORD=.
	CauseWordTag
	// CauseEmbedded is an embedded field of a type the library describes as
	// a string (time.Time, slog.Level, big.Int, ...).
	CauseEmbedded
)

// InferSchema mirrors jsonschema.ForType of jsonschema-go on t, with
// ForOptions.IgnoreInvalidTypes set to ignoreInvalid and no TypeSchemas.
func InferSchema(t types.Type, ignoreInvalid bool) Inferred {
	in := inference{ignore: ignoreInvalid}
	kind, f := in.forType(t, nil)
	return Inferred{Failure: f, Kind: kind}
}

// inference is one call of jsonschema.ForType.
type inference struct {
	ignore bool
	stack  []types.Type // the named types being inferred: the library's seen set
}

// forType mirrors forType of jsonschema-go; path is the field path to t.
func (in *inference) forType(t types.Type, path []string) (SchemaKind, *SchemaFailure) {
	fail := func(at []string, cause SchemaCause, format string, args ...any) (SchemaKind, *SchemaFailure) {
		return SchemaOther, &SchemaFailure{Reason: fmt.Sprintf(format, args...), Field: strings.Join(at, "."), Cause: cause}
	}
	nullable := false
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		nullable = true
		t = p.Elem()
	}
	t = types.Unalias(t)
	if _, ok := t.(*types.Named); ok { // a type with a name: the cycle check
		for _, s := range in.stack {
			if types.Identical(s, t) {
				return fail(path, CauseCycle, "cycle detected for type %s", typeString(t))
			}
		}
		in.stack = append(in.stack, t)
		defer func() { in.stack = in.stack[:len(in.stack)-1] }()
	}
	if isInitialSchema(t) {
		return SchemaOther, nil // a string
	}
	object := SchemaObject
	if nullable {
		object = SchemaOther // "type": ["null", "object"]
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 {
			return SchemaOther, nil
		}
	case *types.Interface:
		return SchemaOther, nil // the empty schema
	case *types.Map:
		k := u.Key()
		if b, ok := k.Underlying().(*types.Basic); !(ok && b.Kind() == types.String) && !types.Implements(k, textMarshaler) {
			if in.ignore {
				return SchemaNone, nil
			}
			return fail(path, CauseMapKey, "unsupported map key type %s", reflectKind(k))
		}
		kind, f := in.forType(u.Elem(), path)
		if f != nil || kind == SchemaNone {
			return kind, f
		}
		return object, nil
	case *types.Slice:
		return in.elem(u.Elem(), path)
	case *types.Array:
		return in.elem(u.Elem(), path)
	case *types.Struct:
		for _, f := range visibleFields(t, u) {
			if f.v.Embedded() {
				if isInitialSchema(f.v.Type()) {
					return fail(append(path[:len(path):len(path)], f.v.Name()), CauseEmbedded, `custom schema for embedded struct must have type "object", got "string"`)
				}
				continue
			}
			if omitField(f) {
				continue
			}
			fpath := append(path[:len(path):len(path)], f.v.Name())
			kind, why := in.forType(f.v.Type(), fpath)
			if why != nil {
				return kind, why
			}
			if kind == SchemaNone {
				continue // ignored, its tag unread
			}
			if tag, ok := reflect.StructTag(f.tag).Lookup("jsonschema"); ok {
				if tag == "" {
					return fail(fpath, CauseEmptyTag, "empty jsonschema tag on struct field %s.%s", typeString(t), f.v.Name())
				}
				if disallowedPrefix.MatchString(tag) {
					return fail(fpath, CauseWordTag, "tag must not begin with 'WORD=': %q", tag)
				}
			}
		}
		return object, nil
	case *types.TypeParam:
		return SchemaOther, nil // unknown until instantiation
	}
	if in.ignore {
		return SchemaNone, nil
	}
	return fail(path, CauseUnsupported, "type %s is unsupported by jsonschema", typeString(t))
}

// elem mirrors the library's slices and arrays: the schema of their
// elements, or none if those are ignored.
func (in *inference) elem(t types.Type, path []string) (SchemaKind, *SchemaFailure) {
	kind, f := in.forType(t, path)
	if f != nil || kind == SchemaNone {
		return kind, f
	}
	return SchemaOther, nil
}

// reflectKind spells the reflect.Kind of t, as the library's map key error
// prints it.
func reflectKind(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.UnsafePointer {
			return "unsafe.Pointer"
		}
		return types.Typ[u.Kind()].Name()
	case *types.Pointer:
		return "ptr"
	case *types.Struct:
		return "struct"
	case *types.Array:
		return "array"
	case *types.Slice:
		return "slice"
	case *types.Map:
		return "map"
	case *types.Chan:
		return "chan"
	case *types.Signature:
		return "func"
	case *types.Interface:
		return "interface"
	}
	return typeString(t)
}

var disallowedPrefix = regexp.MustCompile("^[^ \t\n]*=")

// omitField mirrors fieldJSONInfo(...).omit in jsonschema-go.
func omitField(f field) bool { return OmittedByJSON(f.v, f.tag) }

// OmittedByJSON reports whether jsonschema-go (and mcp-go, which copies
// its fieldJSONInfo) leaves the struct field v with tag out of a schema:
// v is unexported, or tagged `json:"-"`.
func OmittedByJSON(v *types.Var, tag string) bool {
	if !v.Exported() {
		return true
	}
	if tag, ok := reflect.StructTag(tag).Lookup("json"); ok {
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

// HasTypeParam reports whether t mentions a type parameter.
func HasTypeParam(t types.Type) bool {
	seen := make(map[types.Type]bool)
	var walk func(t types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.TypeParam:
			return true
		case *types.Alias:
			return walk(types.Unalias(t))
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				if walk(t.TypeArgs().At(i)) {
					return true
				}
			}
		case *types.Pointer:
			return walk(t.Elem())
		case *types.Slice:
			return walk(t.Elem())
		case *types.Array:
			return walk(t.Elem())
		case *types.Map:
			return walk(t.Key()) || walk(t.Elem())
		case *types.Chan:
			return walk(t.Elem())
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if walk(t.Field(i).Type()) {
					return true
				}
			}
		case *types.Signature:
			return walk(t.Params()) || walk(t.Results())
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				if walk(t.At(i).Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// A FormProperty is one property of the form schema that jsonschema-go
// infers from a struct: its JSON name, the field's type, and the
// description its jsonschema tag gives.
type FormProperty struct {
	Name        string
	Type        types.Type
	Description string
}

// FormProperties returns the properties of the form schema inferred from
// t, a struct or a pointer to one (nil for any other type): each
// exported, visible, non-embedded field that encoding/json does not
// leave out, named by its json tag or else by the field's name.
func FormProperties(t types.Type) []FormProperty {
	t = Deref(t)
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var props []FormProperty
	for _, f := range visibleFields(t, s) {
		if f.v.Embedded() || OmittedByJSON(f.v, f.tag) {
			continue
		}
		name := f.v.Name()
		if tag, _, _ := strings.Cut(reflect.StructTag(f.tag).Get("json"), ","); tag != "" {
			name = tag
		}
		props = append(props, FormProperty{Name: name, Type: f.v.Type(), Description: reflect.StructTag(f.tag).Get("jsonschema")})
	}
	return props
}

// IsString reports whether t, one pointer removed, is a string type.
func IsString(t types.Type) bool {
	b, ok := Deref(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
