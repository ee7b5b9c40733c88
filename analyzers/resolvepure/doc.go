// Package resolvepure defines an Analyzer that reports side effects in the
// bodies of resolvers.
//
// # Analyzer resolvepure
//
// resolvepure: report a side effect in a resolver body, which runs before the user answers and again in every round
//
// The runtime walks a tool's resolvers in every round of a call: a
// resolver body runs before the user has answered any question, and runs
// again each time the client retries with answers. A side effect in a
// resolver (a file removed, a process started, a POST sent, a row
// updated, a mail sent) therefore happens before the user allowed it, and
// happens again on every round. Its place is the tool handler, which runs
// once, after every answer.
//
// resolvepure reports, in the body of each function that a registration
// of the package uses as a resolver (resolve.AddTool, resolve.MustAddTool,
// resolve.AddPrompt, resolve.AddResource, resolve.AddResourceTemplate and
// the methods of *resolve.Runtime, of either of the runtime's bindings,
// go-sdk's and mcp-go's; declared functions, method values and function
// literals), every call that performs a side effect: a call of
// the standard library's effect table (file system writes, processes and
// signals, HTTP requests whose constant method is not safe, SQL Exec,
// mail), or a call of a function that performs one, in the package or,
// through an Effect fact, in another package of the module. Calls are
// followed by the shared flow layer: static calls, interface methods and
// function values resolved in the package, method values, the function
// literals the body runs, and functions given to a call known to run them
// (sync.WaitGroup.Go, filepath.WalkDir, ...). A resolver declared in
// another package is reported at the registration that names it. Reads,
// logging, formatting and memory are not effects.
//
// A hand-written multi-round handler (one that returns an input-required
// result with the SDK's own API) runs once per round: resolvepure reports
// each side effect from which a path leads to a return of an
// input-required result, in the handler or in a helper whose such result
// it returns. A write on a file kept open elsewhere (a log, an audit
// trail) records the round and is not reported there, nor is a call
// whose outcome (other than its error) decides whether to ask.
package resolvepure

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
