package toolschema

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/internal/rules"
)

// This file says what each SDK does at registration with the schema it
// infers from a type, from the mirror of jsonschema-go in package gotypes:
// go-sdk's mcp.AddTool (its toolForErr and setSchema) and mcp-go's
// WithInputSchema and WithOutputSchema (its schemaFor). A table test
// registers the same types with the real SDKs and checks both agree.

// A role is the schema a type gives a tool.
type role string

const (
	input  role = "input"
	output role = "output"
)

// goSDKProblem says why go-sdk's mcp.AddTool[In, Out] panics when it
// infers the schema of t in role (In for input, Out for output), or
// returns "". It infers none for an In or Out of exactly any (In's schema
// is then the empty object), and removes one pointer before inferring.
func goSDKProblem(t types.Type, r role) string {
	if gotypes.IsAny(t) {
		return ""
	}
	inferred := gotypes.InferSchema(gotypes.Deref(t), false)
	if f := inferred.Failure; f != nil {
		return fmt.Sprintf("mcp.AddTool panics: the %s schema of %s cannot be inferred: %s; %s", r, spell(t), failureText(f), fix(f, r))
	}
	if r == input && inferred.Kind != gotypes.SchemaObject {
		return fmt.Sprintf(`mcp.AddTool panics: the input schema of %s must have type "object", and %s %s; %s`, spell(t), spell(gotypes.Deref(t)), notObject(gotypes.Deref(t)), objectFix)
	}
	return ""
}

// mcpGoProblem says what mcp-go's WithInputSchema[t] (r input) or
// WithOutputSchema[t] (r output) does wrong with t, or returns "". They
// infer with ForOptions.IgnoreInvalidTypes, so that fields of invalid
// types are dropped, not refused; on a tag that begins with WORD= they
// retry a struct field by field, reading enum= options, when every such
// tag is a list of enum= options and plain words.
func mcpGoProblem(t types.Type, r role) string {
	kind, ok := mcpGoInfers(t)
	if !ok {
		f := gotypes.InferSchema(t, true).Failure
		what := "keeps the input schema the tool had (mcp.NewTool's is empty: clients send no arguments)"
		if r == output {
			what = "leaves the tool without an output schema"
		}
		return fmt.Sprintf("mcp.With%sSchema[%s] prints an error to stderr and %s: its schema cannot be inferred: %s; %s",
			title(r), spell(t), what, failureText(f), fix(f, r))
	}
	switch kind {
	case gotypes.SchemaNone:
		return fmt.Sprintf(`mcp.With%sSchema[%s] gives the tool a null %s schema: jsonschema-go ignores type %s, which JSON Schema cannot express; %s`,
			title(r), spell(t), r, spell(t), objectFix)
	case gotypes.SchemaOther:
		what := `gives the tool an input schema that is not of type "object"`
		if r == output {
			// Its schema is decoded into the tool's OutputSchema, whose type
			// is then set to "object": a list's ("type": [...]) fails to
			// decode, and is dropped silently.
			what = `gives the tool no output schema, or one of type "object" that its results do not match`
		}
		return fmt.Sprintf(`mcp.With%sSchema[%s] %s: %s %s; %s`, title(r), spell(t), what, spell(t), notObject(t), objectFix)
	}
	return ""
}

// mcpGoTagFallback reports whether mcp-go's schemaFor retries t field by
// field after a WORD= tag error, and gets a schema: t is a struct (one
// pointer removed) whose jsonschema tags, through its fields' types, hold
// no option with "=" other than enum=. The retry can still fail on a type
// that recurs through such fields; that is not reported.
func mcpGoTagFallback(t types.Type) bool {
	if _, ok := gotypes.Deref(t).Underlying().(*types.Struct); !ok {
		return false
	}
	seen := make(map[types.Type]bool)
	var supports func(t types.Type) bool
	supports = func(t types.Type) bool {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return supports(u.Elem())
		case *types.Slice:
			return supports(u.Elem())
		case *types.Array:
			return supports(u.Elem())
		case *types.Map:
			return supports(u.Elem())
		case *types.Struct:
			if seen[t] {
				return true
			}
			seen[t] = true
			for i := range u.NumFields() {
				f := u.Field(i)
				if gotypes.OmittedByJSON(f, u.Tag(i)) {
					continue
				}
				if tag, ok := reflect.StructTag(u.Tag(i)).Lookup("jsonschema"); ok {
					for option := range strings.SplitSeq(tag, ",") {
						option = strings.TrimSpace(option)
						if strings.Contains(option, "=") && !strings.HasPrefix(option, "enum=") {
							return false
						}
					}
				}
				if !supports(f.Type()) {
					return false
				}
			}
		}
		return true
	}
	return supports(t)
}

func title(r role) string {
	if r == output {
		return "Output"
	}
	return "Input"
}

const objectFix = "use a struct (a named wrapper with the value as a field) or a map with string keys"

// notObject says why the schema that jsonschema-go infers for t, without
// error, is not of type "object".
func notObject(t types.Type) string {
	switch t.Underlying().(type) {
	case *types.Pointer:
		return `is a pointer, whose schema has type ["null", ...]`
	case *types.Struct, *types.Map:
		return "is described as a string by jsonschema-go" // time.Time and friends
	case *types.Interface:
		return "is an interface, whose schema is empty"
	case *types.Slice, *types.Array:
		return `is a list, whose schema has type "array"`
	}
	return "is not a struct or a map"
}

// failureText is the library's reason, with the field at fault.
func failureText(f *gotypes.SchemaFailure) string {
	if f.Field == "" {
		return f.Reason
	}
	return "field " + f.Field + ": " + f.Reason
}

// fix says how to repair the type t whose inference failed with f.
func fix(f *gotypes.SchemaFailure, r role) string {
	schemaField := "InputSchema"
	if r == output {
		schemaField = "OutputSchema"
	}
	switch f.Cause {
	case gotypes.CauseCycle:
		return fmt.Sprintf("jsonschema-go cannot describe a recursive type: type the recursive field any, or write the tool's %s by hand", schemaField)
	case gotypes.CauseEmptyTag:
		return "remove the empty jsonschema tag, or write the field's description in it"
	case gotypes.CauseWordTag:
		return "the whole jsonschema tag is the field's description, and must not begin with WORD=: write the description as plain text"
	case gotypes.CauseEmbedded:
		return "give the embedded field a name"
	}
	if f.Field == "" {
		return objectFix
	}
	return "tag the field `json:\"-\"` if clients never send it, or give it a type JSON can carry"
}

// spell spells t as reflect does, as the SDKs' errors do.
func spell(t types.Type) string { return gotypes.TypeStringIn(rules.MCPGo, t) }
