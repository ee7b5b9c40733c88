package engine

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

type (
	exactFlat struct {
		Name   string  `json:"name"`
		Count  int     `json:"count,omitempty"`
		Price  float64 `json:"price"`
		OK     bool
		Small  int8
		Skip   string `json:"-"`
		hidden int
	}
	withStringOpt struct {
		N int `json:"n,string"`
	}
	withSlice   struct{ Tags []string }
	withPointer struct{ Note *string }
	withAny     struct{ V any }
	withTime    struct{ At time.Time }
	embedded    struct{ exactFlat }
	// loud marshals to a number, which its inferred schema ("string")
	// refuses.
	loud string
)

func (loud) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

func TestMarshalsToItsSchema(t *testing.T) {
	for _, tc := range []struct {
		typ  reflect.Type
		want bool
	}{
		{reflect.TypeFor[string](), true},
		{reflect.TypeFor[int](), true},
		{reflect.TypeFor[uint16](), true},
		{reflect.TypeFor[float32](), true},
		{reflect.TypeFor[bool](), true},
		{reflect.TypeFor[exactFlat](), true},
		{reflect.TypeFor[*exactFlat](), true},
		{reflect.TypeFor[withStringOpt](), false},
		{reflect.TypeFor[withSlice](), false},
		{reflect.TypeFor[withPointer](), false},
		{reflect.TypeFor[withAny](), false},
		{reflect.TypeFor[withTime](), false},
		{reflect.TypeFor[embedded](), false},
		// Two fields of one JSON name (built with reflect: vet refuses
		// such a struct in source), which encoding/json drops.
		{reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[string](), Tag: `json:"x"`},
			{Name: "B", Type: reflect.TypeFor[string](), Tag: `json:"x"`},
		}), false},
		{reflect.TypeFor[loud](), false},
		{reflect.TypeFor[[]string](), false},
		{reflect.TypeFor[map[string]int](), false},
		{reflect.TypeFor[time.Duration](), true},
		{reflect.TypeFor[json.Number](), false},
		{reflect.TypeFor[struct{ N json.Number }](), false},
	} {
		if got := MarshalsToItsSchema(tc.typ); got != tc.want {
			t.Errorf("MarshalsToItsSchema(%v) = %v, want %v", tc.typ, got, tc.want)
		}
	}
}

// TestExactTypesPassValidation holds MarshalsToItsSchema to what it
// claims: values of the types it accepts, including extreme ones, pass
// validation against the inferred schema, and the type it refuses for its
// own encoding would fail it.
func TestExactTypesPassValidation(t *testing.T) {
	validate := func(v any) error {
		s, err := jsonschema.ForType(derefType(reflect.TypeOf(v)), &jsonschema.ForOptions{})
		if err != nil {
			return err
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			return err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		var instance any
		if err := json.Unmarshal(data, &instance); err != nil {
			return err
		}
		return rs.Validate(instance)
	}
	for _, v := range []any{
		"", "\xff invalid UTF-8", math.MinInt64, uint16(math.MaxUint16), float32(math.MaxFloat32), math.SmallestNonzeroFloat64, true,
		exactFlat{}, exactFlat{Name: "x", Count: -3, Price: 1e300, OK: true, Small: -128, Skip: "y", hidden: 1},
		time.Duration(math.MaxInt64),
	} {
		if !MarshalsToItsSchema(reflect.TypeOf(v)) {
			t.Fatalf("%T is not exact", v)
		}
		if err := validate(v); err != nil {
			t.Errorf("%#v fails its inferred schema: %v", v, err)
		}
	}
	for _, v := range []any{loud("x"), json.Number("12.5")} {
		if validate(v) == nil {
			t.Errorf("%#v passes its inferred schema; the test of a refused type shows nothing", v)
		}
	}
}
