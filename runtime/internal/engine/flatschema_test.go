package engine

import (
	"encoding/json"
	"fmt"
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
	rs, err := FormSchema(reflect.TypeFor[flatForm]())
	if err != nil {
		t.Fatal(err)
	}
	f := NewFlatSchema(rs.Schema())
	if f == nil {
		t.Fatal("an inferred form schema has no FlatSchema")
	}
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
