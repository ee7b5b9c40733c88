package knowledge

import "go/types"

// ElicitPropertyTypes are the types a property of an elicitation's
// requested schema may have: go-sdk's client (validateElicitSchema)
// refuses any other, and a property with nested properties, before the
// user is asked.
var ElicitPropertyTypes = [...]string{"string", "number", "integer", "boolean", "array"}

// IsRequestedSchemaField reports whether v is the requested schema of an
// elicitation: go-sdk's mcp.ElicitParams.RequestedSchema or mcp-go's
// mcp.ElicitationParams.RequestedSchema.
func IsRequestedSchemaField(v *types.Var) bool {
	if v == nil || !v.IsField() || v.Name() != "RequestedSchema" || v.Pkg() == nil {
		return false
	}
	switch v.Pkg().Path() {
	case GoSDKPath:
		return isFieldOf(v, "ElicitParams")
	case MCPGoPath:
		return isFieldOf(v, "ElicitationParams")
	}
	return false
}

// IsSchemaFor reports whether fn is jsonschema.For, which infers a schema
// from its type argument.
func IsSchemaFor(fn *types.Func) bool {
	return fn != nil && fn.Name() == "For" && fn.Pkg() != nil && fn.Pkg().Path() == JSONSchemaPath
}

// IsSchema reports whether t is jsonschema.Schema.
func IsSchema(t types.Type) bool { return IsNamed(t, JSONSchemaPath, "Schema") }

// The words of a requested schema that the analyzers read: the JSON
// Schema keywords of a map[string]any literal, and the fields of
// jsonschema.Schema that hold them.
const (
	SchemaKeywordType       = "type"
	SchemaKeywordProperties = "properties"
	SchemaFieldType         = "Type"
	SchemaFieldProperties   = "Properties"
	SchemaTypeBoolean       = "boolean"
)
