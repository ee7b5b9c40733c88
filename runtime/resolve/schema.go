package resolve

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// formProblem says why t has no static form schema, or returns "". A form
// schema is a flat object: clients render each property as one input, and
// the go-sdk client rejects nested objects and properties with more than one
// type. So t must be a struct (or a pointer to one) whose JSON fields are
// strings, booleans or numbers, each optionally behind a pointer.
func formProblem(t reflect.Type) string {
	st := derefType(t)
	switch st.Kind() {
	case reflect.Interface:
		return "it is an interface"
	case reflect.Map:
		return "it is a map"
	case reflect.Struct:
	default:
		if t == reflect.TypeFor[json.RawMessage]() {
			return "it is raw JSON"
		}
		return "it is not a struct"
	}
	// Judge every field the schema renders: the fields of unexported
	// embedded structs are promoted into it, at any depth.
	for _, f := range reflect.VisibleFields(st) {
		if f.Anonymous && !f.IsExported() {
			continue // its fields are listed on their own
		}
		if !f.IsExported() || strings.Split(f.Tag.Get("json"), ",")[0] == "-" {
			continue
		}
		if f.Anonymous {
			return fmt.Sprintf("field %s is embedded", f.Name)
		}
		if !isPrimitive(derefType(f.Type)) {
			return fmt.Sprintf("field %s has type %s, not a string, boolean or number", f.Name, f.Type)
		}
	}
	return ""
}

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

// formSchema infers the form schema of t, which formProblem accepted.
// Optional (pointer) fields are rendered with their single type, since
// clients reject "type": ["null", ...].
func formSchema(t reflect.Type) (*jsonschema.Resolved, error) {
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

// remarshal converts from to to through JSON.
func remarshal(from, to any) error {
	data, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, to)
}
