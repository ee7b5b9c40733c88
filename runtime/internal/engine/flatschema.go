package engine

import (
	"encoding/json"
	"maps"
	"math"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
)

// A FlatSchema validates objects against a schema of the one shape that
// registration infers for forms and most tool inputs: an object of
// primitive properties (string, boolean, integer, number), some required,
// no others allowed, nothing else said. It answers exactly as the
// jsonschema-go validator does for that shape, without its allocations: a
// resolver's answers are validated on every round. A schema of any other
// shape has no FlatSchema, and the validator does the work.
type FlatSchema struct {
	props    []flatProp
	types    map[string]string // property -> JSON type
	required []string
}

type flatProp struct {
	name, typ string
	required  bool
}

// flatKeys are the keywords a flat property may have besides its type:
// annotations, which do not validate.
var flatKeys = map[string]bool{"type": true, "description": true, "title": true}

// NewFlatSchema returns the FlatSchema of s, or nil if s has another shape.
func NewFlatSchema(s *jsonschema.Schema) *FlatSchema {
	if s == nil {
		return nil
	}
	var top map[string]json.RawMessage
	if data, err := json.Marshal(s); err != nil || json.Unmarshal(data, &top) != nil {
		return nil
	}
	for key := range top {
		switch key {
		case "type", "properties", "required", "additionalProperties", "description", "title":
		default:
			return nil
		}
	}
	if s.Type != "object" || s.AdditionalProperties == nil || string(mustJSON(s.AdditionalProperties)) != "false" {
		return nil
	}
	f := &FlatSchema{types: make(map[string]string, len(s.Properties)), required: s.Required}
	for name, p := range s.Properties {
		var keys map[string]json.RawMessage
		if p == nil || json.Unmarshal(mustJSON(p), &keys) != nil {
			return nil
		}
		for key := range keys {
			if !flatKeys[key] {
				return nil
			}
		}
		switch p.Type {
		case "string", "boolean", "integer", "number":
			f.types[name] = p.Type
		default:
			return nil
		}
	}
	for _, name := range s.Required {
		if _, ok := f.types[name]; !ok {
			return nil
		}
	}
	for _, name := range slices.Sorted(maps.Keys(f.types)) {
		f.props = append(f.props, flatProp{name: name, typ: f.types[name], required: slices.Contains(s.Required, name)})
	}
	return f
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

// Valid reports whether obj, a JSON object as encoding/json decodes one,
// satisfies the schema.
func (f *FlatSchema) Valid(obj map[string]any) bool {
	if len(obj) > len(f.props) {
		return false // some key is not a property: additionalProperties is false
	}
	// Walking a map costs several lookups just to start: unless the schema
	// has many more properties than obj has keys, look each property up
	// instead.
	if len(f.props) > 4*len(obj) {
		for key, v := range obj {
			if !validValue(f.types[key], v) {
				return false // a value of another type, or not a property
			}
		}
		for _, name := range f.required {
			if _, ok := obj[name]; !ok {
				return false
			}
		}
		return true
	}
	// Every key is a property when as many properties are found as obj
	// has keys.
	found := 0
	for _, p := range f.props {
		v, ok := obj[p.name]
		switch {
		case !ok && p.required:
			return false
		case !ok:
			continue
		case !validValue(p.typ, v):
			return false
		}
		found++
	}
	return found == len(obj)
}

// validValue reports whether v, a JSON value as encoding/json decodes one,
// is of JSON type typ; no value is of type "", a key that is no property.
func validValue(typ string, v any) bool {
	switch typ {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		x, ok := v.(float64)
		return ok && x == math.Trunc(x) && !math.IsInf(x, 0)
	}
	return false
}
