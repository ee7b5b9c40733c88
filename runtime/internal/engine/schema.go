package engine

import (
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
