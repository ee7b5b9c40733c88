package engine

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

func isPrimitive(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// FormSchema infers the form schema of t, a struct of primitive fields.
// Optional (pointer) fields are rendered with their single type, since
// clients reject "type": ["null", ...].
func FormSchema(t reflect.Type) (*jsonschema.Resolved, error) {
	s, err := jsonschema.ForType(derefType(t), &jsonschema.ForOptions{})
	if err != nil {
		return nil, err
	}
	for _, p := range s.Properties {
		if len(p.Types) == 2 && slices.Contains(p.Types, "null") {
			p.Type = p.Types[0]
			if p.Type == "null" {
				p.Type = p.Types[1]
			}
			p.Types = nil
		}
	}
	return s.Resolve(nil)
}

// ShownForm is the JSON of an inferred form schema as the client is shown
// it: in the restricted form the specification gives requestedSchema
// (type, properties, required), without the additionalProperties: false
// that ForType adds, which each client would parse with every question.
// Answers are still validated against the whole schema, which refuses
// other properties.
func ShownForm(s *jsonschema.Schema) ([]byte, error) {
	shown := *s
	shown.AdditionalProperties = nil
	return json.Marshal(&shown)
}

// checkFormSchema checks a schema given to AskForm: a flat object whose
// properties each have one primitive type, which is what clients accept.
func checkFormSchema(s *jsonschema.Schema) error {
	if s == nil {
		return fmt.Errorf("no schema: a Form question needs an explicit schema (use resolve.AskForm)")
	}
	if s.Type != "object" {
		return fmt.Errorf("schema type is %q, want \"object\"", s.Type)
	}
	for name, p := range s.Properties {
		if p == nil {
			continue
		}
		switch p.Type {
		case "string", "number", "integer", "boolean":
		case "array":
			if p.Items == nil {
				return fmt.Errorf("property %q is an array without items", name)
			}
		default:
			return fmt.Errorf("property %q has type %q; a form property is a string, number, integer, boolean or array of enum values", name, p.Type)
		}
		if len(p.Properties) > 0 {
			return fmt.Errorf("property %q is nested; a form is flat", name)
		}
	}
	return nil
}

// ResolveSchema resolves a schema given as a *jsonschema.Schema or as any
// value that marshals to one.
func ResolveSchema(v any) (*jsonschema.Resolved, error) {
	s, ok := v.(*jsonschema.Schema)
	if !ok {
		s = new(jsonschema.Schema)
		if err := remarshal(v, s); err != nil {
			return nil, err
		}
	}
	return s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
}

// SchemaError is the reason in an error of jsonschema.ForType, without the
// prefixes that name the call and the type.
func SchemaError(err error) string {
	msg := err.Error()
	for {
		_, rest, ok := strings.Cut(msg, ": ")
		if !ok || !strings.HasPrefix(msg, "ForType") && !strings.HasPrefix(msg, "computing") {
			return msg
		}
		msg = rest
	}
}

// remarshal converts from to to through JSON.
func remarshal(from, to any) error {
	data, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, to)
}

// DerefType is t's element type if t is a pointer, or else t.
func DerefType(t reflect.Type) reflect.Type { return derefType(t) }

func derefType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// MarshalsToItsSchema reports whether every value of t (or, for a pointer,
// of its element type, which a nil result becomes) marshals to JSON that
// the schema jsonschema.ForType infers for t accepts: validating such an
// output against its inferred schema cannot fail, so the bindings skip it.
// That holds for a boolean, string, integer or floating-point kind and for
// a struct of such fields; anything else (a method MarshalJSON or
// MarshalText, json.Number, a ",string" option, an embedded, pointer, slice, map or
// interface field, two fields of one JSON name) is validated.
func MarshalsToItsSchema(t reflect.Type) bool {
	t = derefType(t)
	if ownEncoding(t) {
		return false
	}
	if t.Kind() != reflect.Struct {
		return isPrimitive(t)
	}
	names := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return false
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if slices.Contains(strings.Split(opts, ","), "string") || !isPrimitive(f.Type) || ownEncoding(f.Type) {
			return false
		}
		if name == "" {
			name = f.Name
		}
		if names[name] {
			return false
		}
		names[name] = true
	}
	return true
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// ownEncoding reports whether t or *t chooses its own JSON encoding, or is
// json.Number, a string that encoding/json writes as a number.
func ownEncoding(t reflect.Type) bool {
	if t == reflect.TypeFor[json.Number]() {
		return true
	}
	for _, t := range []reflect.Type{t, reflect.PointerTo(t)} {
		if t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
			return true
		}
	}
	return false
}

// EncodeOutput encodes a tool's output as JSON and validates it against
// the tool's output schema (nil when Out is an interface), unless exact:
// an Out whose encoding always matches its schema
// ([MarshalsToItsSchema]).
func EncodeOutput(out any, schema *jsonschema.Resolved, exact bool) ([]byte, error) {
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("marshaling output: %w", err)
	}
	if schema == nil || exact {
		return data, nil
	}
	var instance any
	if err := json.Unmarshal(data, &instance); err != nil {
		return nil, err
	}
	if err := schema.Validate(instance); err != nil {
		return nil, fmt.Errorf("validating tool output: %w", err)
	}
	return data, nil
}

// PromptArguments returns a prompt's arguments as the canonical JSON that
// sealed state binds: an object with sorted keys (maps marshal so), empty
// when there are none.
func PromptArguments(args map[string]string) ([]byte, error) {
	if args == nil {
		args = map[string]string{}
	}
	return json.Marshal(args)
}
