package a

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Defaults that jsonschema-go's ValidateDefaults refuses: mcp.AddTool
// panics.
func badDefaults(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "limit", InputSchema: &jsonschema.Schema{ // want "^mcp\\.AddTool panics: the default of the input schema's properties\\[\"limit\"\\] does not validate: `\"ten\"` has type \"string\", and the schema's type is \"integer\" \\(mcp\\.AddTool resolves a given schema with jsonschema-go's ValidateDefaults\\); make the default a value of the schema, or drop it$"
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"limit": {Type: "integer", Default: json.RawMessage(`"ten"`)}},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "ratio", InputSchema: &jsonschema.Schema{ // want "`1.5` has type \"number\", and the schema's type is \"integer\""
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"ratio": {Type: "integer", Default: json.RawMessage(`1.5`)}},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "mode", InputSchema: &jsonschema.Schema{ // want "properties\\[\"mode\"\\] does not validate: `\"medium\"` is none of the schema's enum values"
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"mode": {Type: "string", Enum: []any{"fast", "slow"}, Default: json.RawMessage(`"medium"`)}},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "broken", InputSchema: &jsonschema.Schema{ // want "properties\\[\"q\"\\] does not validate: `\\{query: 1\\}` is not a JSON value"
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"q": {Default: json.RawMessage(`{query: 1}`)}},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "items", InputSchema: &jsonschema.Schema{ // want "properties\\[\"tags\"\\]\\.items does not validate: `3` has type \"integer\", and the schema's type is \"string\""
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"tags": {Type: "array", Items: &jsonschema.Schema{Type: "string", Default: json.RawMessage(`3`)}},
		},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "types", InputSchema: &jsonschema.Schema{ // want "`true` has type \"boolean\", and the schema's types are \\[\"string\" \"null\"\\]"
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"maybe": {Types: []string{"string", "null"}, Default: []byte("true")}},
	}}, handle[map[string]any, any])

	mcp.AddTool(s, &mcp.Tool{Name: "out", OutputSchema: &jsonschema.Schema{ // want "the default of the output schema does not validate: `\\[\\]` has type \"array\", and the schema's type is \"object\""
		Type: "object", Default: json.RawMessage(`[]`),
	}}, handle[map[string]any, map[string]any])
}
