package engine

import (
	"encoding/json"
	"math"

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
	types    map[string]string // property -> JSON type
	required []string
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
	return f
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

// Valid reports whether obj, a JSON object as encoding/json decodes one,
// satisfies the schema.
func (f *FlatSchema) Valid(obj map[string]any) bool {
	for key, v := range obj {
		switch f.types[key] {
		case "string":
			if _, ok := v.(string); !ok {
				return false
			}
		case "boolean":
			if _, ok := v.(bool); !ok {
				return false
			}
		case "number":
			if _, ok := v.(float64); !ok {
				return false
			}
		case "integer":
			if x, ok := v.(float64); !ok || x != math.Trunc(x) || math.IsInf(x, 0) {
				return false
			}
		default:
			return false // not a property: additionalProperties is false
		}
	}
	for _, name := range f.required {
		if _, ok := obj[name]; !ok {
			return false
		}
	}
	return true
}
