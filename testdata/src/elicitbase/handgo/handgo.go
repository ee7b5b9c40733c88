// Package handgo asks hand-written elicitations on go-sdk, in
// InputRequests and in legacy requests. go-sdk's client refuses a
// requested schema that is not a flat object of primitive properties,
// before the user is asked.
package handgo

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Flat struct {
	Confirm bool    `json:"confirm"`
	Reason  string  `json:"reason"`
	Count   int     `json:"count"`
	Ratio   float64 `json:"ratio"`
	hidden  []string
	Skipped map[string]any `json:"-"`
}

type Address struct {
	Street string `json:"street"`
}

type WithPointer struct {
	Name  string  `json:"name"`
	Email *string `json:"email,omitempty"`
}

type Nested struct {
	Home Address `json:"home"`
}

type WithSlice struct {
	Tags []string `json:"tags"`
}

func flatSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"confirm": {Type: "boolean"},
			"color":   {Type: "array", Items: &jsonschema.Schema{Type: "string", Enum: []any{"red", "blue"}}},
		},
	}
}

// good asks flat forms: inferred from a flat struct, written by hand,
// built by a helper, and as a map.
func good(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	inferred, _ := jsonschema.For[Flat](nil)
	_ = &mcp.ElicitParams{Message: "a", RequestedSchema: inferred}
	_ = &mcp.ElicitParams{Message: "b", RequestedSchema: flatSchema()}
	_ = &mcp.ElicitParams{Message: "c", RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"ok": map[string]any{"type": "boolean"}},
	}}
	// An empty form: the answer is the action.
	_ = &mcp.ElicitParams{Message: "d", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "ok?", RequestedSchema: flatSchema()}}}, nil, nil
}

// pointer infers the schema from a struct with a pointer field.
func pointer(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[WithPointer](nil) // want `^jsonschema.For\[handgo.WithPointer\] renders an elicitation schema whose field Email is a pointer \(\*string\), which jsonschema-go renders as "type":\["null",...\]`
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"who": &mcp.ElicitParams{Message: "Who?", RequestedSchema: schema},
	}}, nil, nil
}

// legacy asks, on older sessions, with a nested struct.
func legacy(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Where?"}
	params.RequestedSchema, _ = jsonschema.For[Nested](nil) // want `^jsonschema.For\[handgo.Nested\] renders an elicitation schema whose field Home is a struct \(handgo.Address\), a nested object`
	if _, err := req.Session.Elicit(ctx, params); err != nil {
		return nil, nil, err
	}
	tags, _ := jsonschema.For[WithSlice](nil) // want `^jsonschema.For\[handgo.WithSlice\] renders an elicitation schema whose field Tags is a slice`
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Tags?", RequestedSchema: tags})
	return nil, nil, err
}

// literal writes a nested object by hand.
func literal(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{
		"addr": &mcp.ElicitParams{Message: "Address?", RequestedSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"name": {Type: "string"},
				"home": {Type: "object", Properties: map[string]*jsonschema.Schema{"street": {Type: "string"}}}, // want `^property "home" of the elicitation's requested schema has nested properties: go-sdk's client refuses the question before the user is asked`
			},
		}},
	}}, nil
}

var tagsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"tags": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, // want `^property "tags" of the elicitation's requested schema is an array whose items have no enum`
	},
}

// mapLiteral asks with a package-level map schema.
func mapLiteral(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"t": &mcp.ElicitParams{Message: "Tags?", RequestedSchema: tagsSchema}}}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "good"}, good)
	mcp.AddTool(s, &mcp.Tool{Name: "pointer"}, pointer)
	mcp.AddTool(s, &mcp.Tool{Name: "legacy"}, legacy)
	mcp.AddTool(s, &mcp.Tool{Name: "map"}, mapLiteral)
	s.AddPrompt(&mcp.Prompt{Name: "p"}, literal)
}
