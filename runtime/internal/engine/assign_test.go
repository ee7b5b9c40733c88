package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

type upper string

func (u *upper) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*u = upper(strings.ToUpper(s))
	return nil
}

type flat struct {
	Name    string   `json:"name"`
	Count   int      `json:"count"`
	Small   int8     `json:"small"`
	Size    uint     `json:"size"`
	Ratio   float64  `json:"ratio"`
	OK      bool     `json:"ok"`
	Maybe   *string  `json:"maybe,omitempty"`
	Untyped string   // no tag: its Go name
	Skipped string   `json:"-"`
	Loud    upper    `json:"loud"`
	Quoted  int      `json:"quoted,string"`
	Floats  *float32 `json:"floats"`
}

type withLoud struct {
	Loud upper `json:"loud"`
}

// selfDecoding decodes itself: its fields are flat, and still only its
// own UnmarshalJSON may fill them.
type selfDecoding struct {
	Name string `json:"name"`
}

func (s *selfDecoding) UnmarshalJSON(b []byte) error {
	s.Name = "decoded itself from " + string(b)
	return nil
}

type withQuoted struct {
	Quoted int `json:"quoted,string"`
}

type small struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Small int8   `json:"small"`
	Size  uint   `json:"size"`
	Maybe *int   `json:"maybe"`
}

// A decoder decodes exactly what the JSON round trip decodes, and fails
// where it fails.
func TestDecodeObjectAgreesWithJSON(t *testing.T) {
	objects := []string{
		`{}`,
		`{"name":"Ada","count":3,"small":-7,"size":12}`,
		`{"count":3.0}`,
		`{"count":3.5}`,
		`{"count":9007199254740993}`,
		`{"small":300}`,
		`{"size":-1}`,
		`{"name":7}`,
		`{"Name":"case differs"}`,
		`{"unknown":1}`,
		`{"maybe":null}`,
		`{"maybe":4}`,
		`{"count":null}`,
		`{"name":["a"]}`,
		`{"name":"Ada","count":3,"unknown":1}`,
		`{"name":"Ada","Count":4,"size":1}`,
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[small](), reflect.TypeFor[*small](), reflect.TypeFor[withLoud](), reflect.TypeFor[withQuoted](), reflect.TypeFor[selfDecoding](), reflect.TypeFor[struct{}]()} {
		for _, text := range append(objects, `{"loud":"hey"}`, `{"quoted":"12"}`) {
			t.Run(fmt.Sprintf("%v/%s", typ, text), func(t *testing.T) {
				var obj map[string]any
				if err := json.Unmarshal([]byte(text), &obj); err != nil {
					t.Fatal(err)
				}
				want := reflect.New(typ)
				wantErr := remarshal(obj, want.Interface())
				got, err := newDecoder(typ).decode(obj, nil)
				if (err != nil) != (wantErr != nil) {
					t.Fatalf("error %v, the JSON round trip's %v", err, wantErr)
				}
				if err == nil && !reflect.DeepEqual(got.Interface(), want.Elem().Interface()) {
					t.Errorf("decoded %#v, the JSON round trip %#v", got.Interface(), want.Elem().Interface())
				}
			})
		}
	}
	if buildPlan(reflect.TypeFor[flat]()) != nil {
		t.Error("a struct with a field of a type with its own UnmarshalJSON, or a string option, has a plan")
	}
	if buildPlan(reflect.TypeFor[small]()) == nil {
		t.Error("a flat struct of primitives has no plan")
	}
}
