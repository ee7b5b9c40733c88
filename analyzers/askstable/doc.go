// Package askstable defines an Analyzer that reports questions whose
// content changes between the rounds of one call.
//
// # Analyzer askstable
//
// askstable: report a question built from a value that changes between rounds
//
// The runtime pins each stored answer to a digest of the exact question it
// answers: the message of resolve.Ask, the message and schema of
// resolve.AskForm, the parameters of resolve.AskSampling, of either of the
// runtime's bindings (go-sdk's and mcp-go's). A resolver runs
// again in every round of a call, so a question that contains a timestamp,
// a random number, a generated id or a counter is a new question every
// round: it is asked again and again until the call is ended. The runtime
// ends such a call after the question changed twice in a row (rule
// askstable of the rule core); askstable finds it before it runs.
//
// askstable follows, on the SSA form of the package, each value that goes
// into a question back to where it comes from, through local variables,
// struct fields, slices, maps, buffers filled by calls, phi nodes, closures
// and calls, and reports the question when a value comes from:
//
//   - time: time.Now, time.Since, time.Until;
//   - randomness: the functions of math/rand, math/rand/v2 and crypto/rand
//     (a generator made by a New function from a constant seed is stable),
//     and crypto/rand.Reader;
//   - generated ids: the functions without parameters of the common uuid,
//     ulid, xid, ksuid and nanoid packages;
//   - process or request identity: os.Getpid, os.Getppid, the _meta and
//     progress token of a tools/call request, its transport extras (headers
//     such as a request id);
//   - a package-level variable written at run time, outside initializers
//     and main (in this package or, through a fact, in another);
//   - the order of a map iteration, unless the values are integers or the
//     slice collected from it is sorted;
//   - the result of a function that returns such a value (in the package
//     or, through a fact, in another), including another resolver whose
//     Given value does, when the question uses the parameter that resolver
//     provides.
//
// A hand-written multi-round handler (go-sdk's InputRequests and
// InputResponses, mcp-go's server.NewInputRequestBuilder and
// server.ElicitationResponse) asks under a key and finds the answer under
// it in the next round. askstable reports a key built from such a value
// (category key): the answer is never found, and the client gives up
// after its round budget. A key carried to the next round in the request
// state, and any key in a package that never reads an answer by its key,
// are not reported.
//
// The tool's input, resolved parameters (answers to earlier questions) and
// constants are stable; time used in the handler, once every question is
// answered, is fine. A function that puts its parameter into a question is
// reported at each call that passes it such a value.
package askstable

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
