package engine

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"sync"
)

// Decoding a validated JSON object (a form answer's content, a tool's
// arguments) into a Go value is the engine's commonest conversion. For a
// flat struct of primitive fields, which is what forms are and most tool
// inputs are, assign sets the fields straight from the object; anything
// else takes the JSON round trip, which stays the reference: assign
// declines every object on which the two could differ.

// flatPlan is how assign fills one struct type: its fields by JSON name.
type flatPlan struct {
	fields map[string]flatField
}

type flatField struct {
	index int
	kind  reflect.Kind
	ptr   bool // the field is a pointer to its kind
}

var flatPlans sync.Map // reflect.Type -> *flatPlan, nil when assign cannot fill it

// planFor returns the plan of struct type t, or nil.
func planFor(t reflect.Type) *flatPlan {
	if p, ok := flatPlans.Load(t); ok {
		return p.(*flatPlan)
	}
	p := buildPlan(t)
	flatPlans.Store(t, p)
	return p
}

func buildPlan(t reflect.Type) *flatPlan {
	if t.Kind() != reflect.Struct {
		return nil
	}
	p := &flatPlan{fields: make(map[string]flatField, t.NumField())}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		if strings.Contains(opts, "string") {
			return nil
		}
		if name == "" {
			name = f.Name
		}
		ft, ptr := f.Type, false
		if ft.Kind() == reflect.Pointer {
			ft, ptr = ft.Elem(), true
		}
		if !isPrimitive(ft) || !isPlainNamed(ft) {
			return nil
		}
		if _, dup := p.fields[name]; dup {
			return nil
		}
		p.fields[name] = flatField{index: i, kind: ft.Kind(), ptr: ptr}
	}
	return p
}

// isPlainNamed reports whether a named primitive type decodes from JSON as
// its kind does: it has no UnmarshalJSON or UnmarshalText of its own.
func isPlainNamed(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return !pt.Implements(reflect.TypeFor[json.Unmarshaler]()) && !pt.Implements(reflect.TypeFor[interface{ UnmarshalText([]byte) error }]())
}

// decodeObject decodes obj, a JSON object as encoding/json decodes one into
// any, into a new value of type t (a struct or a pointer to one, or any
// type at all through the JSON round trip).
func decodeObject(obj map[string]any, t reflect.Type) (reflect.Value, error) {
	return DecodeJSON(obj, nil, t)
}

// DecodeJSON decodes v, a JSON value as encoding/json decodes one into
// any, into a new value of type t: straight from v when v is an object and
// t a flat struct of primitives (or a pointer to one), or else from its
// JSON text, data if the caller has it.
func DecodeJSON(v any, data []byte, t reflect.Type) (reflect.Value, error) {
	st := derefType(t)
	p := reflect.New(st)
	obj, isObject := v.(map[string]any)
	if plan := planFor(st); !isObject || plan == nil || !assign(p.Elem(), plan, obj) {
		p = reflect.New(st)
		if data == nil {
			var err error
			if data, err = json.Marshal(v); err != nil {
				return reflect.Value{}, err
			}
		}
		if err := json.Unmarshal(data, p.Interface()); err != nil {
			return reflect.Value{}, err
		}
	}
	if t.Kind() == reflect.Pointer {
		return p, nil
	}
	return p.Elem(), nil
}

// assign fills dst from obj by plan, and reports false, leaving dst
// partly filled, if the JSON round trip could decode obj differently: a
// key that matches no field exactly, a null, a value of another kind, a
// number that does not fit.
func assign(dst reflect.Value, plan *flatPlan, obj map[string]any) bool {
	if plan.implementsUnmarshaler(dst.Type()) {
		return false
	}
	for key, v := range obj {
		f, ok := plan.fields[key]
		if !ok {
			return false
		}
		fv := dst.Field(f.index)
		if f.ptr {
			if v == nil {
				return false
			}
			fv.Set(reflect.New(fv.Type().Elem()))
			fv = fv.Elem()
		}
		switch x := v.(type) {
		case string:
			if f.kind != reflect.String {
				return false
			}
			fv.SetString(x)
		case bool:
			if f.kind != reflect.Bool {
				return false
			}
			fv.SetBool(x)
		case float64:
			if !setNumber(fv, f.kind, x) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (p *flatPlan) implementsUnmarshaler(t reflect.Type) bool {
	return reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]())
}

// setNumber sets a numeric field from a JSON number, if it holds it
// exactly, as encoding/json would.
func setNumber(fv reflect.Value, kind reflect.Kind, x float64) bool {
	switch kind {
	case reflect.Float32, reflect.Float64:
		if fv.OverflowFloat(x) {
			return false
		}
		fv.SetFloat(x)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		// Beyond 2^53 a float64 no longer holds every integer, and the
		// JSON text may have held one it rounded.
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 || fv.OverflowInt(int64(x)) {
			return false
		}
		fv.SetInt(int64(x))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if x != math.Trunc(x) || x < 0 || x > 1<<53 || fv.OverflowUint(uint64(x)) {
			return false
		}
		fv.SetUint(uint64(x))
	default:
		return false
	}
	return true
}
