package engine

import (
	"encoding/binary"
	"encoding/json"
	"errors"
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
	props    []flatProp        // sorted by name: their indices name them in a stored answer
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

// The value tags of a flat form's content in a stored answer.
const (
	flatString byte = iota
	flatFalse
	flatTrue
	flatFloat   // an IEEE 754 double, 8 bytes big-endian
	flatInteger // an integral number of magnitude below 2^53, as a varint
)

// maxExactInteger bounds the integral numbers stored as varints: every
// integer up to it is a float64, exactly.
const maxExactInteger = 1 << 53

// appendContent appends the content of an accepted answer to the form,
// obj, which Valid accepts, in the layout a stored answer keeps it in
// instead of its JSON (shorter, and read back without a JSON decoder):
//
//	entry... (to the end)
//	entry = index value   (index: uvarint, the property's among the sorted properties, increasing)
//	value = 0 string | 1 (false) | 2 (true) | 3 float64 | 4 integer
//
// a string as its length (uvarint) and bytes, a float64 as its 8 bytes
// big-endian, an integer as a varint. It reports false, appending nothing,
// for an obj it does not hold (a key that is no property, a value of
// another type), which Valid would not have accepted.
func (f *FlatSchema) appendContent(b []byte, obj map[string]any) ([]byte, bool) {
	start, n := len(b), 0
	for i, p := range f.props {
		v, ok := obj[p.name]
		if !ok {
			continue
		}
		n++
		b = binary.AppendUvarint(b, uint64(i))
		switch v := v.(type) {
		case string:
			b = appendBytes(append(b, flatString), v)
		case bool:
			if v {
				b = append(b, flatTrue)
			} else {
				b = append(b, flatFalse)
			}
		case float64:
			// -0 is a float: a varint would read back as 0.
			if v == math.Trunc(v) && math.Abs(v) < maxExactInteger && !(v == 0 && math.Signbit(v)) {
				b = binary.AppendVarint(append(b, flatInteger), int64(v))
			} else {
				b = binary.BigEndian.AppendUint64(append(b, flatFloat), math.Float64bits(v))
			}
		default:
			return b[:start], false
		}
	}
	if n != len(obj) {
		return b[:start], false
	}
	return b, true
}

// errFlatContent is the error of a stored answer whose flat content is
// malformed, or names properties the form does not have.
var errFlatContent = errors.New("malformed flat form content")

// content reads what appendContent appended, as encoding/json would have
// decoded the content's JSON into a map: strings, booleans and float64s.
func (f *FlatSchema) content(b []byte) (map[string]any, error) {
	obj := make(map[string]any, min(len(f.props), len(b)/2))
	next := uint64(0) // the least index the next entry may have
	for len(b) > 0 {
		i, n := binary.Uvarint(b)
		if n <= 0 || i < next || i >= uint64(len(f.props)) || len(b) == n {
			return nil, errFlatContent
		}
		next, b = i+1, b[n:]
		tag := b[0]
		b = b[1:]
		var v any
		switch tag {
		case flatString:
			l, n := binary.Uvarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return nil, errFlatContent
			}
			v, b = string(b[n:n+int(l)]), b[n+int(l):]
		case flatFalse, flatTrue:
			v = tag == flatTrue
		case flatFloat:
			if len(b) < 8 {
				return nil, errFlatContent
			}
			v, b = math.Float64frombits(binary.BigEndian.Uint64(b)), b[8:]
		case flatInteger:
			x, n := binary.Varint(b)
			if n <= 0 || x <= -maxExactInteger || x >= maxExactInteger {
				return nil, errFlatContent
			}
			v, b = float64(x), b[n:]
		default:
			return nil, errFlatContent
		}
		obj[f.props[i].name] = v
	}
	return obj, nil
}
