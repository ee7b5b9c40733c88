// Package statereach defines an Analyzer that reports reads of MCP request
// state outside the elicit path.
//
// # Analyzer statereach
//
// statereach: report reads of request state outside the elicit path
//
// The requestState and inputResponses of a retried tools/call, prompts/get
// or resources/read come from the client. The specification says a server
// MUST treat requestState as attacker-controlled, and python-sdk PR #3019
// (bug 1) shows what goes wrong when echoed state stands in for a value the
// server computes or asks: a client forges it.
//
// The statereach analyzer looks at the fields RequestState and
// InputResponses of go-sdk's mcp.CallToolParams, mcp.CallToolParamsRaw,
// mcp.GetPromptParams and mcp.ReadResourceParams and of mcp-go's
// mcp.MultiRoundTripParams, and at mcp-go's helpers that read input
// responses (server.InputResponse, ElicitationResponse, SamplingResponse,
// RootsResponse, mcp.InputResponses.DecodeFor). It reports:
//
//   - runtime-owned: any such read in resolver-based code, where the
//     runtime owns the channel and consults an answer only for the question
//     a resolver asks this round. Resolver-based code is a resolver passed
//     to resolve.AddTool, resolve.MustAddTool or (*resolve.Runtime).AddTool
//     (or a prompt or resource registration) of either of the runtime's
//     bindings, go-sdk's runtime/resolve or mcp-go's runtime/mcpgo/resolve;
//     the handler of such a call when it passes at least one resolver; any
//     function that returns resolve.Elicit[T] or takes a resolve.Outcome[T];
//     and the functions of the same package they call, except function
//     literals handed to an SDK as tool handlers (go-sdk's mcp.AddTool and
//     (*mcp.Server).AddTool, mcp-go's (*server.MCPServer).AddTool), which
//     are hand-written handlers wherever they are written. A call of a function
//     of another package that reads request state, itself or through its
//     callees, is reported through facts.
//   - unverified: in any other code (hand-written handlers, where reading
//     inputResponses is normal), a RequestState value (followed on the SSA
//     form through locals, phi nodes, struct fields, captured variables and
//     the package's functions that return it) that is compared (==, !=, <,
//     switch), concatenated, indexed, sliced, ranged over, passed to a
//     function of strings, bytes, regexp, unicode/utf8, strconv, fmt,
//     net/url or encoding/..., passed to a function of the package (or,
//     through facts, of another) that does one of these with it, or
//     returned, unless a verification of it is known to have succeeded
//     there: the verifier's call, and the branch where its error is nil (or
//     its bool true), dominate the use. A verifier is (*seal.Codec).Open,
//     any interface method named Open that returns (payload, error), a
//     function whose doc comment has the directive //mcplint:verifier, a
//     function named in the flag -statereach.verifiers, or a function that
//     passes its parameter to a verifier and relies on it nowhere
//     unverified. Checking emptiness (== "", != "", len) is not a use, nor
//     is quoting the state into an error where every comparison of it with
//     a constant failed (the cause is that comparison, reported).
//   - unasked-answer: in a hand-written handler, a read of the answer
//     under a constant key K (input responses indexed, or mcp-go's
//     readers; directly or through a helper of the package) where, on the
//     paths without the answer, the handler returns normally without
//     asking K and uses a value of its own in its place (a variable that
//     takes the answer elsewhere takes there a value computed from neither
//     the answer nor the call's arguments), or calls a function of the
//     user's only where the answer is there, K being asked nowhere in the
//     package. A read whose absence asks K, a question asked first (a
//     return that asks K on a path that does not read it), a value of the
//     tool's arguments, and an absence that ends in an error are not
//     reported (python-sdk PR #3019's first bug, by hand).
package statereach

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
