// Package resolvemix defines an Analyzer that reports resolver tools that
// also drive the input-required flow by hand.
//
// # Analyzer resolvemix
//
// resolvemix: report resolver tools that also return their own input-required result
//
// A call has one input_required channel: the multi-round flow is driven either
// by resolvers or by the tool body, not both (python-sdk PR #3019, bug 3: a
// tool that did both overwrote the resolvers' state, and the call looped until
// the client's round budget ran out).
//
// The resolvemix analyzer reports, at each call of resolve.AddTool,
// resolve.MustAddTool or (*resolve.Runtime).AddTool whose handler has resolved
// parameters, through the runtime's go-sdk binding (runtime/resolve) or its
// mcp-go binding (runtime/mcpgo/resolve):
//
//   - declared: a handler whose result type can carry an input-required
//     result: go-sdk's mcp.CallToolResult, or any type that aliases, names,
//     points to or embeds it, also through generic instantiation; on mcp-go,
//     any type that is, points to or embeds mcp.MultiRoundTripResult (as
//     mcp-go's CallToolResult and InputRequiredResult do). The runtime
//     rejects such a registration (rule resolvemix).
//   - constructed: a handler whose result type is an interface, and that
//     (or a function it calls, in the same package or, through facts, in
//     another) builds an input-required result: a
//     go-sdk mcp.CallToolResult with InputRequests or RequestState set, an
//     mcp-go mcp.InputRequiredResult, mcp.NewInputRequiredResult,
//     mcp.MultiRoundTripResult with InputRequests or RequestState, a result
//     type of input_required, or a result rendered by
//     server.InputRequestBuilder. The runtime fails such a call at run time.
//
// Prompts and resources registered with resolve.AddPrompt, AddResource and
// AddResourceTemplate (functions or *resolve.Runtime methods) follow the
// same rule. Their handlers return go-sdk's *mcp.GetPromptResult or
// *mcp.ReadResourceResult (mcp-go's *mcp.GetPromptResult for a prompt),
// which always can carry an input-required result, so there is no declared
// finding for them: a handler with resolved parameters that builds one
// (InputRequests or RequestState of either type set) is reported as
// constructed, and the runtime refuses such a result at run time. An
// mcp-go resource's handler returns []mcp.ResourceContents, which cannot
// carry one.
package resolvemix

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
