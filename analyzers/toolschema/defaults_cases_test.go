package toolschema

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// A defaultCase is a property schema with a default, registered for real
// by TestDefaultsAgree and judged by the analyzer from this file's source.
type defaultCase struct {
	name string
	// judged is whether the analyzer decides the case; when it does not,
	// it must say nothing, whatever the SDK does.
	judged bool
	schema *jsonschema.Schema
}

var defaultCases = []defaultCase{
	{"integer", true, &jsonschema.Schema{Type: "integer", Default: json.RawMessage(`10`)}},
	{"integer string", true, &jsonschema.Schema{Type: "integer", Default: json.RawMessage(`"ten"`)}},
	{"integer fraction", true, &jsonschema.Schema{Type: "integer", Default: json.RawMessage(`1.5`)}},
	{"integer point zero", true, &jsonschema.Schema{Type: "integer", Default: json.RawMessage(`2.0`)}},
	{"number integer", true, &jsonschema.Schema{Type: "number", Default: json.RawMessage(`1`)}},
	{"string number", true, &jsonschema.Schema{Type: "string", Default: json.RawMessage(`1`)}},
	{"enum member", true, &jsonschema.Schema{Type: "string", Enum: []any{"fast", "slow"}, Default: json.RawMessage(`"fast"`)}},
	{"enum stranger", true, &jsonschema.Schema{Type: "string", Enum: []any{"fast", "slow"}, Default: json.RawMessage(`"medium"`)}},
	{"bool enum", true, &jsonschema.Schema{Enum: []any{true}, Default: json.RawMessage(`false`)}},
	{"types null", true, &jsonschema.Schema{Types: []string{"string", "null"}, Default: json.RawMessage(`null`)}},
	{"types boolean", true, &jsonschema.Schema{Types: []string{"string", "null"}, Default: json.RawMessage(`true`)}},
	{"not JSON", true, &jsonschema.Schema{Default: json.RawMessage(`{query: 1}`)}},
	{"two values", true, &jsonschema.Schema{Default: json.RawMessage(`1 2`)}},
	{"bytes", true, &jsonschema.Schema{Type: "boolean", Default: []byte("true")}},
	{"untyped object", true, &jsonschema.Schema{Default: json.RawMessage(`{"a": 1}`)}},
	{"array", true, &jsonschema.Schema{Type: "array", Default: json.RawMessage(`[]`)}},
	{"object array", true, &jsonschema.Schema{Type: "object", Default: json.RawMessage(`[]`)}},
	{"items", true, &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "string", Default: json.RawMessage(`3`)}}},
	{"nested property", true, &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"n": {Type: "integer", Default: json.RawMessage(`"x"`)},
	}}},
	{"any of", true, &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "string", Default: json.RawMessage(`0`)}}}},
	// Not judged: numeric enums, patterns, an object default's properties.
	{"numeric enum", false, &jsonschema.Schema{Type: "integer", Enum: []any{1, 2, 3}, Default: json.RawMessage(`4`)}},
	{"pattern", false, &jsonschema.Schema{Type: "string", Pattern: "^a", Default: json.RawMessage(`"b"`)}},
	{"object properties", false, &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"n": {Type: "integer"},
	}, Default: json.RawMessage(`{"n": "x"}`)}},
}
