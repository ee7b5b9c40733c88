package knowledge

import "go/types"

// JSONSchemaPath is the package of github.com/google/jsonschema-go, whose
// Schema type go-sdk's tools take as their schemas and whose inference
// both SDKs call.
const JSONSchemaPath = "github.com/google/jsonschema-go/jsonschema"

// A SchemaInference is a generic function of an SDK that infers a tool's
// schema from its type argument with jsonschema-go when it runs.
type SchemaInference int

// The inferring functions.
const (
	NoInference SchemaInference = iota
	// GoSDKAddTool is go-sdk's mcp.AddTool[In, Out]: it panics when the
	// schema of In or Out cannot be inferred, or In's is not an object.
	GoSDKAddTool
	// MCPGoInput is mcp-go's mcp.WithInputSchema[T]: on failure it prints
	// the error and leaves the tool's input schema as it was.
	MCPGoInput
	// MCPGoOutput is mcp-go's mcp.WithOutputSchema[T]: on failure it
	// prints the error and leaves the tool without an output schema.
	MCPGoOutput
)

// InferenceOf says which of the SDKs' inferring functions fn is.
func InferenceOf(fn *types.Func) SchemaInference {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return NoInference
	}
	switch path, name := fn.Pkg().Path(), fn.Origin().Name(); {
	case path == GoSDKPath && name == "AddTool":
		return GoSDKAddTool
	case path == MCPGoPath && name == "WithInputSchema":
		return MCPGoInput
	case path == MCPGoPath && name == "WithOutputSchema":
		return MCPGoOutput
	}
	return NoInference
}

// A RawSchemaWrite is what an option of mcp-go's mcp.NewTool does to the
// fields that mcp.Tool's MarshalJSON refuses to see set together:
// RawInputSchema with InputSchema.Type, RawOutputSchema with
// OutputSchema.Type.
type RawSchemaWrite int

// The writes of a tool option.
const (
	// WritesUnknown is an option whose writes depend on what is not
	// known statically (a cache), or a call this table does not know.
	WritesUnknown RawSchemaWrite = iota
	// WritesNeither writes none of the four fields.
	WritesNeither
	// WritesRawInput sets RawInputSchema and leaves InputSchema.Type.
	WritesRawInput
	// WritesRawOutput sets RawOutputSchema and leaves OutputSchema.Type.
	WritesRawOutput
	// InfersInput (WithInputSchema[T]) sets RawInputSchema and clears
	// InputSchema.Type when T's schema is inferred, and writes nothing
	// when it is not.
	InfersInput
	// InfersOutput (WithOutputSchema[T]) sets OutputSchema.Type to
	// "object" when T's schema is inferred and decodes into it.
	InfersOutput
)

// mcpGoRawSchemaWrites are the options of mcp.NewTool that write one of
// the four fields; the other options that [MCPGoToolOption] knows write
// none of them.
var mcpGoRawSchemaWrites = map[string]RawSchemaWrite{
	"WithRawInputSchema":  WritesRawInput,
	"WithRawOutputSchema": WritesRawOutput,
	"WithInputSchema":     InfersInput,
	"WithOutputSchema":    InfersOutput,
	// A cache hit clears InputSchema.Type (sets OutputSchema.Type), a miss
	// whose inference fails writes nothing.
	"WithCachedInputSchema": WritesUnknown, "WithCachedInputSchemaKey": WritesUnknown,
	"WithCachedOutputSchema": WritesUnknown, "WithCachedOutputSchemaKey": WritesUnknown,
}

// MCPGoRawSchemaWrite says what the mcp-go tool option that fn builds
// writes to the fields of a raw-schema conflict.
func MCPGoRawSchemaWrite(fn *types.Func) RawSchemaWrite {
	if MCPGoToolOption(fn) == SchemaUnknown {
		return WritesUnknown
	}
	if w, ok := mcpGoRawSchemaWrites[fn.Origin().Name()]; ok {
		return w
	}
	return WritesNeither
}
