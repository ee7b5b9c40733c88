package a

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Defaults that validate, and defaults mcplint cannot judge: nothing is
// reported here.
func goodDefaults(s *mcp.Server, computed json.RawMessage, kind string) {
	mcp.AddTool(s, &mcp.Tool{Name: "page", InputSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"limit": {Type: "integer", Default: json.RawMessage(`10`)},
			"ratio": {Type: "number", Default: json.RawMessage(`1`)},    // number subsumes integer
			"whole": {Type: "integer", Default: json.RawMessage(`2.0`)}, // no fraction: an integer
			"mode":  {Type: "string", Enum: []any{"fast", "slow"}, Default: json.RawMessage(`"fast"`)},
			"maybe": {Types: []string{"string", "null"}, Default: json.RawMessage(`null`)},
			"flag":  {Type: "boolean", Default: []byte("true")},
			"tags":  {Type: "array", Items: &jsonschema.Schema{Type: "string", Default: json.RawMessage(`"x"`)}, Default: json.RawMessage(`[]`)},
			"any":   {Default: json.RawMessage(`{"a": 1}`)},                                 // no type: anything
			"level": {Type: "integer", Enum: []any{1, 2, 3}, Default: json.RawMessage(`4`)}, // numeric enums are not judged
			"later": {Type: "string", Default: computed},                                    // not a constant
			"typed": {Type: kind, Default: json.RawMessage(`"x"`)},                          // type not a constant
		},
	}}, handle[map[string]any, any])

	// (*mcp.Server).AddTool resolves nothing: a bad default starts.
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"n": {Type: "integer", Default: json.RawMessage(`"ten"`)}},
	}}, nil)

	// A schema built elsewhere is not judged.
	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"n": {Type: "integer", Default: json.RawMessage(`"ten"`)}}}
	mcp.AddTool(s, &mcp.Tool{Name: "built", InputSchema: schema}, handle[map[string]any, any])
}
