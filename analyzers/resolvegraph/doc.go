// Package resolvegraph defines an Analyzer that checks resolver tool
// registrations against the dependency-graph rules of the mcplint runtime.
//
// # Analyzer resolvegraph
//
// resolvegraph: check that resolver tool registrations can be resolved
//
// The resolvegraph analyzer reports, at each call of resolve.AddTool,
// resolve.MustAddTool or (*resolve.Runtime).AddTool (and AddPrompt,
// AddResource, AddResourceTemplate) whose handler and resolvers are
// statically known, every reason the runtime would reject the registration
// under its rule id "resolvegraph", with the runtime's words, through the
// runtime's go-sdk binding (runtime/resolve) or its mcp-go binding
// (runtime/mcpgo/resolve), whose messages spell mcp-go's types (its
// handlers take the request as a value: mcp.CallToolRequest):
//
//   - a handler that is not func(context.Context, *mcp.CallToolRequest, In,
//     resolved...) (Out, error), or a resolver that is not
//     func(params...) (T, error) or (resolve.Elicit[T], error);
//   - a parameter that no resolver provides, or two resolvers that provide
//     the same type;
//   - a resolver that provides context.Context, *mcp.CallToolRequest, the
//     input type, error, an Elicit or an Outcome;
//   - a parameter of type resolve.Elicit[T], or a context, request or input
//     parameter after the handler's input;
//   - a cycle among resolvers, or a resolver that nothing uses;
//   - an empty wire key, or two questions under one wire key, whether
//     chosen by an InputKey method or the default (the type's name);
//   - a chain of dependent eliciting resolvers longer than the round
//     budget, in questions (flag -resolvegraph.budget, default 9, the
//     longest chain that the Go, python and typescript SDK clients all
//     finish; a runtime created with
//     resolve.New(&resolve.Options{RoundBudget: n}) uses n);
//   - an input or output type from which no JSON schema can be inferred
//     when the tool literal (for mcp-go, an mcp.Tool literal or
//     mcp.NewTool with known options) does not set the schema itself.
//
// Calls whose handler or resolvers have an interface type, or whose
// resolvers are spread from a slice that is not written in the call, are
// skipped.
package resolvegraph

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
