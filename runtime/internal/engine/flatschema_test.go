package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

type flatForm struct {
	Name  string  `json:"name" jsonschema:"your name"`
	Age   int     `json:"age,omitempty"`
	Ratio float64 `json:"ratio"`
	OK    bool    `json:"ok"`
	Nick  *string `json:"nick,omitempty"`
}

// A FlatSchema answers as the jsonschema-go validator does, on the shapes
// it takes; it takes the forms registration infers, and no schema that says
// more.
func TestFlatSchemaAgreesWithTheValidator(t *testing.T) {
	rs, f := flatTestSchema(t)
	for _, text := range []string{
		`{}`, `{"name":"a","ratio":1,"ok":true}`, `{"name":"a","ratio":1.5,"ok":false,"age":3}`,
		`{"name":"a","ratio":1,"ok":true,"age":3.5}`, `{"name":"a","ratio":1,"ok":true,"age":3.0}`,
		`{"name":1,"ratio":1,"ok":true}`, `{"name":"a","ratio":"1","ok":true}`, `{"name":"a","ratio":1,"ok":"yes"}`,
		`{"name":"a","ratio":1,"ok":true,"extra":1}`, `{"name":null,"ratio":1,"ok":true}`, `{"name":"a","ratio":1,"ok":true,"nick":"x"}`,
		`{"name":"a","ratio":1,"ok":true,"nick":null}`, `{"ratio":1,"ok":true}`, `{"name":["a"],"ratio":1,"ok":true}`,
		`{"name":"a"}`, `{"extra":1}`, `{"age":1.5}`, `{"name":"a","ratio":1,"extra":true}`,
	} {
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			t.Fatal(err)
		}
		if got, want := f.Valid(obj), rs.Validate(obj) == nil; got != want {
			t.Errorf("%s: FlatSchema says %v, the validator %v", text, got, want)
		}
	}
	for _, s := range []*jsonschema.Schema{
		{Type: "object", Properties: map[string]*jsonschema.Schema{"a": {Type: "string", Enum: []any{"x"}}}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}},
		{Type: "object", Properties: map[string]*jsonschema.Schema{"a": {Type: "string", MinLength: ptr(3)}}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}},
		{Type: "object", Properties: map[string]*jsonschema.Schema{"a": {Type: "string"}}},
		{Type: "object", Properties: map[string]*jsonschema.Schema{"a": {Type: "array", Items: &jsonschema.Schema{Type: "string"}}}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}},
	} {
		if NewFlatSchema(s) != nil {
			t.Errorf("schema %s has a FlatSchema", fmt.Sprint(string(mustJSON(s))))
		}
	}
}

func ptr[T any](v T) *T { return &v }

// flatTestSchema returns the form schema inferred from flatForm, and its
// FlatSchema.
func flatTestSchema(t *testing.T) (*jsonschema.Resolved, *FlatSchema) {
	t.Helper()
	rs, err := FormSchema(reflect.TypeFor[flatForm]())
	if err != nil {
		t.Fatal(err)
	}
	f := NewFlatSchema(rs.Schema())
	if f == nil {
		t.Fatal("an inferred form schema has no FlatSchema")
	}
	return rs, f
}

// TestFlatContentReadsAsJSON: the content of an answer to a flat form, kept
// in the form's layout, reads back as the same map that its JSON decodes
// to, for every kind of value a flat form takes, and is shorter.
func TestFlatContentReadsAsJSON(t *testing.T) {
	_, f := flatTestSchema(t)
	for _, text := range []string{
		`{"name":"ada","ratio":1,"ok":true}`, `{"name":"","ratio":-0.0,"ok":false,"age":3}`,
		`{"name":"Grüße, 世界 \u2028","ratio":0.1,"ok":true,"nick":"x"}`, `{"name":"a","ratio":1e300,"ok":true,"age":-9007199254740991}`,
		`{"name":"a","ratio":9007199254740992,"ok":true,"age":9007199254740993}`, `{"name":"a","ratio":-5e-324,"ok":false,"age":0}`,
	} {
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			t.Fatal(err)
		}
		if !f.Valid(obj) {
			t.Fatalf("%s: not valid", text)
		}
		b, ok := f.appendContent(nil, obj)
		if !ok {
			t.Fatalf("%s: not kept in the flat layout", text)
		}
		jsonText, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := json.Unmarshal(jsonText, &want); err != nil {
			t.Fatal(err)
		}
		got, err := f.content(b)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read back %#v, its JSON reads %#v", text, got, want)
		}
		if len(b) >= len(jsonText) && len(obj) > 0 {
			t.Errorf("%s: %d bytes in the flat layout, %d as JSON", text, len(b), len(jsonText))
		}
	}
	// -0 stays -0, which a varint would not keep.
	b, _ := f.appendContent(nil, map[string]any{"ratio": math.Copysign(0, -1)})
	if got, err := f.content(b); err != nil || !math.Signbit(got["ratio"].(float64)) {
		t.Errorf("-0 read back as %v, %v", got, err)
	}
}

// TestFlatContentRefusesWhatValidWould: a key that is no property, or a
// value of a type JSON does not decode to, is not kept in the flat layout.
func TestFlatContentRefusesWhatValidWould(t *testing.T) {
	_, f := flatTestSchema(t)
	for _, obj := range []map[string]any{
		{"name": "a", "extra": "x"},
		{"name": 1},
		{"age": int64(3)},
		{"nick": nil},
	} {
		if b, ok := f.appendContent([]byte("x"), obj); ok || string(b) != "x" {
			t.Errorf("%v kept in the flat layout: %q, %v", obj, b, ok)
		}
	}
}

// TestFlatContentMalformed: a malformed or foreign flat content is an
// error, never a panic or a wrong map.
func TestFlatContentMalformed(t *testing.T) {
	_, f := flatTestSchema(t) // properties age, name, nick, ok, ratio
	for name, b := range map[string][]byte{
		"index beyond":      {5, flatTrue},
		"index repeated":    {3, flatTrue, 3, flatFalse},
		"index decreasing":  {3, flatTrue, 0, flatInteger, 2},
		"no value":          {3},
		"bad tag":           {3, 9},
		"short string":      {1, flatString, 5, 'a'},
		"huge string":       {1, flatString, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"short float":       {4, flatFloat, 1, 2, 3},
		"integer too large": binary.AppendVarint([]byte{0, flatInteger}, 1<<53),
		"bad varint":        {0, flatInteger, 0xff},
		"bad index":         {0xff},
	} {
		if obj, err := f.content(b); err == nil {
			t.Errorf("%s: read %v", name, obj)
		}
	}
}

// TestStoredAnswerLayout: an accepted answer to a flat form is stored in
// the form's layout; one to a form without a FlatSchema (an explicit
// schema), as JSON; and both read back.
func TestStoredAnswerLayout(t *testing.T) {
	_, f := flatTestSchema(t)
	e := &Engine{}
	content := map[string]any{"name": "ada", "ratio": 2.5, "ok": true}
	a := Answer{Action: Accept, Content: content}
	flat := storedAnswer("d", KindForm, Accept, a, f)
	if flat.flat == nil || flat.Content != nil {
		t.Errorf("answer to a flat form stored as %+v, want the flat layout", flat)
	}
	asJSON := storedAnswer("d", KindForm, Accept, a, nil)
	if asJSON.flat != nil || string(asJSON.Content) != `{"name":"ada","ok":true,"ratio":2.5}` {
		t.Errorf("answer to another form stored as %+v, want its content as JSON", asJSON)
	}
	for _, s := range []StoredAnswer{flat, asJSON} {
		got, err := e.parseStored(KindForm, s, f)
		if err != nil || got.Action != Accept || !reflect.DeepEqual(got.Content, content) {
			t.Errorf("parseStored(%+v) = %+v, %v", s, got, err)
		}
	}
	if _, err := e.parseStored(KindForm, flat, nil); err == nil {
		t.Error("a flat answer read for a question whose form is not flat")
	}
}
