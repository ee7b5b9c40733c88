package engine

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
)

// Decoding a validated JSON object (a form answer's content, a tool's
// arguments) into a Go value is the engine's commonest conversion. For a
// flat struct of primitive fields, which is what forms are and most tool
// inputs are, assign sets the fields straight from the object; anything
// else takes the JSON round trip, which stays the reference: assign
// declines every object on which the two could differ.

// flatPlan is how assign fills one struct type: its fields by JSON name.
type flatPlan struct {
	fields []flatField
	byName map[string]int // index in fields
}

type flatField struct {
	name  string // its JSON name
	index int
	kind  reflect.Kind
	ptr   bool // the field is a pointer to its kind
}

// buildPlan returns the plan of struct type t, or nil when assign cannot
// fill t: t is no struct, decodes itself (UnmarshalJSON), or has a field
// that is not a plain primitive, is embedded, or takes a ",string" option.
func buildPlan(t reflect.Type) *flatPlan {
	if t.Kind() != reflect.Struct || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return nil
	}
	p := &flatPlan{byName: make(map[string]int, t.NumField())}
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
		if _, dup := p.byName[name]; dup {
			return nil
		}
		p.byName[name] = len(p.fields)
		p.fields = append(p.fields, flatField{name: name, index: i, kind: ft.Kind(), ptr: ptr})
	}
	return p
}

// isPlainNamed reports whether a named primitive type decodes from JSON as
// its kind does: it has no UnmarshalJSON or UnmarshalText of its own.
func isPlainNamed(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return !pt.Implements(reflect.TypeFor[json.Unmarshaler]()) && !pt.Implements(reflect.TypeFor[interface{ UnmarshalText([]byte) error }]())
}

// A decoder decodes JSON values, as encoding/json decodes them into any,
// into new values of one type: straight from an object when the type is a
// flat struct of primitives (or a pointer to one), or else from the
// value's JSON text. Registration builds one for a tool's input and for
// each form a resolver asks, so that a request looks nothing up.
type decoder struct {
	t    reflect.Type // the type decoded into
	st   reflect.Type // t, or the type it points to
	plan *flatPlan    // how assign fills st; nil when it cannot
}

func newDecoder(t reflect.Type) *decoder {
	st := derefType(t)
	return &decoder{t: t, st: st, plan: buildPlan(st)}
}

// decode decodes v into a new value of the decoder's type, from data,
// v's JSON text, if the caller has it and the JSON round trip is needed.
func (d *decoder) decode(v any, data []byte) (reflect.Value, error) {
	p := reflect.New(d.st)
	obj, isObject := v.(map[string]any)
	if !isObject || d.plan == nil || !assign(p.Elem(), d.plan, obj) {
		p = reflect.New(d.st)
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
	if d.t.Kind() == reflect.Pointer {
		return p, nil
	}
	return p.Elem(), nil
}

// assign fills dst from obj by plan, and reports false, leaving dst
// partly filled, if the JSON round trip could decode obj differently: a
// key that matches no field exactly, a null, a value of another kind, a
// number that does not fit.
func assign(dst reflect.Value, plan *flatPlan, obj map[string]any) bool {
	if len(obj) > len(plan.fields) {
		return false // some key matches no field
	}
	// Walking a map costs several lookups just to start: unless the struct
	// has many more fields than obj has keys, look each field up instead.
	if len(plan.fields) > 4*len(obj) {
		for key, v := range obj {
			i, ok := plan.byName[key]
			if !ok || !setField(dst, plan.fields[i], v) {
				return false
			}
		}
		return true
	}
	// Every key is a field when as many fields are found as obj has keys.
	found := 0
	for _, f := range plan.fields {
		v, ok := obj[f.name]
		if !ok {
			continue
		}
		if !setField(dst, f, v) {
			return false
		}
		found++
	}
	return found == len(obj)
}

// setField sets field f of dst from v, as the JSON round trip would, or
// reports false.
func setField(dst reflect.Value, f flatField, v any) bool {
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
		return setNumber(fv, f.kind, x)
	default:
		return false
	}
	return true
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
