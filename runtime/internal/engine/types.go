package engine

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/resolve"
)

var (
	contextType = reflect.TypeFor[context.Context]()
	errorType   = reflect.TypeFor[error]()
	anyType     = reflect.TypeFor[any]()
	rawJSONType = reflect.TypeFor[json.RawMessage]()
)

// An InputKeyer is a provided type that chooses the wire key of its
// question. The bindings document it as theirs: any type with the method
// satisfies both.
type InputKeyer interface {
	InputKey() string
}

// reflectTypes answers the rule core's questions about types with reflect,
// and asks the SDK what only it knows.
type reflectTypes struct {
	sdk SDK
	// forms caches the form schemas that FormSchemaProblem inferred, for the
	// engine to send.
	forms map[reflect.Type]*form
}

type form struct {
	schema *jsonschema.Resolved
	json   []byte
}

func (*reflectTypes) Identical(a, b reflect.Type) bool { return a == b }
func (ts *reflectTypes) String(t reflect.Type) string  { return spell(ts.sdk, t) }
func (*reflectTypes) IsContext(t reflect.Type) bool    { return t == contextType }
func (*reflectTypes) IsError(t reflect.Type) bool      { return t == errorType }

func (ts *reflectTypes) IsRequest(m rules.Method, t reflect.Type) bool {
	return t == ts.sdk.RequestType(m)
}

func (ts *reflectTypes) IsResult(m rules.Method, t reflect.Type) bool {
	r := ts.sdk.ResultType(m)
	return r != nil && t == r
}

func (*reflectTypes) ElicitArg(t reflect.Type) (reflect.Type, bool)  { return resolve.ElicitArg(t) }
func (*reflectTypes) OutcomeArg(t reflect.Type) (reflect.Type, bool) { return resolve.OutcomeArg(t) }
func (ts *reflectTypes) CanCarryInputRequired(t reflect.Type) bool {
	return ts.sdk.CanCarryInputRequired(t)
}

func (ts *reflectTypes) ExplicitAnswer(t reflect.Type) bool {
	return t == resolve.FormType || t == ts.sdk.AnswerType(KindSampling) || t == ts.sdk.AnswerType(KindRoots)
}

func (*reflectTypes) FormShape(t reflect.Type) (rules.FormKind, []rules.FormField[reflect.Type]) {
	st := derefType(t)
	switch st.Kind() {
	case reflect.Interface:
		return rules.FormInterface, nil
	case reflect.Map:
		return rules.FormMap, nil
	case reflect.Struct:
	default:
		if t == rawJSONType {
			return rules.FormRawJSON, nil
		}
		return rules.FormOther, nil
	}
	var fields []rules.FormField[reflect.Type]
	for _, f := range reflect.VisibleFields(st) {
		fields = append(fields, rules.FormField[reflect.Type]{
			Name: f.Name, Type: f.Type, Embedded: f.Anonymous, Exported: f.IsExported(),
			Omitted: strings.Split(f.Tag.Get("json"), ",")[0] == "-",
		})
	}
	return rules.FormStruct, fields
}

func (*reflectTypes) IsPrimitive(t reflect.Type) bool { return isPrimitive(derefType(t)) }

// FormSchemaProblem infers the form schema of t and keeps it for the engine.
func (ts *reflectTypes) FormSchemaProblem(t reflect.Type) string {
	schema, err := FormSchema(t)
	if err != nil {
		return SchemaError(err)
	}
	data, err := ShownForm(schema.Schema())
	if err != nil {
		return err.Error()
	}
	ts.forms[t] = &form{schema: schema, json: data}
	return ""
}

func (*reflectTypes) WireKey(t reflect.Type) (string, bool, bool) {
	if k, ok := keyer(t); ok {
		return k.InputKey(), true, true
	}
	// Type names are unique within a package; two packages with one name
	// collide, and are rejected like any other collision.
	return t.String(), false, true
}

func (*reflectTypes) InputSchemaProblem(in reflect.Type) string {
	if in == anyType {
		return ""
	}
	s, err := jsonschema.ForType(derefType(in), &jsonschema.ForOptions{})
	if err != nil {
		return "has no JSON schema: " + SchemaError(err)
	}
	if s.Type != "object" {
		return "is not a struct or map: tool arguments are a JSON object"
	}
	return ""
}

func (ts *reflectTypes) OutputSchemaProblem(out reflect.Type) string {
	if out.Kind() == reflect.Interface || ts.sdk.CanCarryInputRequired(out) {
		return ""
	}
	if _, err := jsonschema.ForType(derefType(out), &jsonschema.ForOptions{}); err != nil {
		return "has no JSON schema: " + SchemaError(err)
	}
	return ""
}

// keyer returns a value of t that chooses its wire key, if t does. A pointer
// type's key is read through a pointer to a zero value, never through nil.
func keyer(t reflect.Type) (InputKeyer, bool) {
	v := reflect.Zero(t)
	if t.Kind() == reflect.Pointer {
		v = reflect.New(t.Elem())
	}
	k, ok := v.Interface().(InputKeyer)
	return k, ok
}

// spell spells t in a message as the SDK does, with the empty interface
// written any, as go/types and so the analyzers write it (reflect writes
// "interface {}"): both halves' messages use the same words.
func spell(sdk SDK, t reflect.Type) string {
	s := strings.ReplaceAll(sdk.Spell(t), "interface {}", "any")
	// The vocabulary's types, aliased by the binding, are spelled with
	// the binding's path where reflect spells a path (in type arguments),
	// as the binding's users write them; the binding declares its SDK
	// value's type.
	return strings.ReplaceAll(s, vocabPath, reflect.TypeOf(sdk).PkgPath()+".")
}

// vocabPath prefixes the vocabulary's types where reflect spells them with
// their package path.
var vocabPath = reflect.TypeFor[resolve.Form]().PkgPath() + "."

// CarriesInputRequired reports whether a value of type t can be an SDK's
// input-required result: a struct type that isResult accepts, a pointer to
// one (at any depth), or a struct that embeds one (which promotes its
// fields and its JSON encoding). A type met again on the way carries
// nothing. The bindings' CanCarryInputRequired say which structs are
// results; aliases and generic instantiations need no case of their own:
// reflect sees the types they denote.
func CarriesInputRequired(t reflect.Type, isResult func(reflect.Type) bool) bool {
	seen := make(map[reflect.Type]bool)
	var carries func(t reflect.Type) bool
	carries = func(t reflect.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer:
			return carries(t.Elem())
		case reflect.Struct:
			if isResult(t) {
				return true
			}
			for i := 0; i < t.NumField(); i++ {
				if f := t.Field(i); f.Anonymous && carries(f.Type) {
					return true
				}
			}
		}
		return false
	}
	return carries(t)
}
