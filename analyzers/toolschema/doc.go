// Package toolschema defines an Analyzer that reports tool registrations
// that fail because of their schemas.
//
// # Analyzer toolschema
//
// toolschema: report a tool registration whose schema the SDK refuses at start-up, or registers broken
//
// go-sdk's mcp.AddTool[In, Out] infers the tool's input and output
// schemas from In and Out with github.com/google/jsonschema-go when the
// server starts, and panics when it cannot: a field of a type JSON Schema
// cannot express (a channel, a function, a complex number, a map with
// keys that are not strings), a recursive type, a jsonschema struct tag
// that is empty or begins with WORD=, an embedded time.Time, or an In
// whose schema is not of type "object" (a string, a slice, a time.Time,
// an interface other than any). (*mcp.Server).AddTool panics on a tool
// with no input schema, or one not of type "object", and mcp.AddTool on a
// given schema whose default (a constant) is not JSON, or not of the
// schema's type or enum. The panic comes when
// the server starts, or when a per-request server is built: neither the
// build nor a test of the handler sees it.
//
// mcp-go's mcp.WithInputSchema[T] and mcp.WithOutputSchema[T] infer with
// the same library but do not panic: when inference fails they print the
// error to standard error and leave the tool's schema as it was (for
// mcp.NewTool, an empty input schema: clients send no arguments, and no
// output schema), and a T whose schema is not an object gives the tool a
// schema that is not one either. A tool built by mcp.NewTool with
// mcp.WithRawInputSchema keeps NewTool's typed input schema too, and
// mcp.Tool's MarshalJSON refuses a tool with both: every tools/list of the
// server fails.
//
// toolschema mirrors jsonschema-go's inference (the version go.mod
// requires) on the types of each registration and reports at the call:
// mcp.AddTool, with the field at fault, the library's reason and the fix;
// (*mcp.Server).AddTool and mcp.AddTool with a tool literal whose input
// schema is missing or not of type "object"; mcp.WithInputSchema and
// mcp.WithOutputSchema; mcp.NewTool and mcp.Tool literals with both
// schemas of a role. A tool that is not a literal in the call is judged
// only if the package sets no schema field of go-sdk's mcp.Tool anywhere.
// Type parameters are not judged. Registrations through mcplint's runtime
// are judged by resolvegraph.
package toolschema

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
