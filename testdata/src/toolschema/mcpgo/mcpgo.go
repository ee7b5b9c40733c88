package mcpgo

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

type Args struct {
	Name string `json:"name" jsonschema_description:"the name"`
	Kind string `json:"kind" jsonschema:"enum=a,enum=b"`
	Done chan struct{}
}

type Node struct{ Next *Node }

type Plain struct{ Name string }

type Tagged struct {
	Name string `jsonschema:"description=the name"`
}

var raw = json.RawMessage(`{"type":"object"}`)

func good() []mcp.Tool {
	return []mcp.Tool{
		mcp.NewTool("args", mcp.WithInputSchema[Args](), mcp.WithOutputSchema[Args]()),
		mcp.NewTool("map", mcp.WithInputSchema[map[string]string]()),
		// The enum= tag fails inference, and mcp-go retries field by field.
		mcp.NewTool("enumptr", mcp.WithInputSchema[*Args]()),
		mcp.NewToolWithRawSchema("raw", "d", raw),
		mcp.NewTool("typedraw", mcp.WithInputSchema[Args](), mcp.WithRawInputSchema(raw)),
		mcp.NewTool("rawout", mcp.WithRawOutputSchema(raw)),
		{Name: "lit", RawInputSchema: raw},
	}
}

func bad() []mcp.Tool {
	return []mcp.Tool{
		mcp.NewTool("node", mcp.WithInputSchema[Node]()),                                     // want `^mcp\.WithInputSchema\[mcpgo\.Node\] prints an error to stderr and keeps the input schema the tool had \(mcp\.NewTool's is empty: clients send no arguments\): its schema cannot be inferred: field Next: cycle detected for type mcpgo\.Node; `
		mcp.NewTool("tagged", mcp.WithOutputSchema[Tagged]()),                                // want `^mcp\.WithOutputSchema\[mcpgo\.Tagged\] prints an error to stderr and leaves the tool without an output schema: its schema cannot be inferred: field Name: tag must not begin with 'WORD='`
		mcp.NewTool("string", mcp.WithInputSchema[string]()),                                 // want `^mcp\.WithInputSchema\[string\] gives the tool an input schema that is not of type "object": string is not a struct or a map`
		mcp.NewTool("ptr", mcp.WithInputSchema[*Plain]()),                                    // want `\*mcpgo\.Plain is a pointer, whose schema has type \["null", \.\.\.\]`
		mcp.NewTool("list", mcp.WithOutputSchema[[]Plain]()),                                 // want `^mcp\.WithOutputSchema\[\[\]mcpgo\.Plain\] gives the tool no output schema, or one of type "object" that its results do not match: \[\]mcpgo\.Plain is a list`
		mcp.NewTool("chan", mcp.WithInputSchema[chan int]()),                                 // want `gives the tool a null input schema: jsonschema-go ignores type chan int`
		mcp.NewTool("raw", mcp.WithDescription("d"), mcp.WithRawInputSchema(raw)),            // want `^every tools/list of the server fails: mcp\.NewTool gives the input schema type "object" and WithRawInputSchema sets RawInputSchema, and mcp\.Tool's MarshalJSON refuses a tool with both \("has both InputSchema and RawInputSchema set"\); use mcp\.NewToolWithRawSchema$`
		mcp.NewTool("both", mcp.WithOutputSchema[Args](), mcp.WithRawOutputSchema(raw)),      // want `WithOutputSchema sets the output schema's type and WithRawOutputSchema sets RawOutputSchema`
		{Name: "lit", InputSchema: mcp.ToolInputSchema{Type: "object"}, RawInputSchema: raw}, // want `the literal sets InputSchema\.Type and RawInputSchema`
	}
}
