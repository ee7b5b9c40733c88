// Package askcaps defines an Analyzer that reports input requests sent to
// a client that may not have declared what they need.
//
// # Analyzer askcaps
//
// askcaps: report an input request whose capability the handler never checks the client declared
//
// In the 2026-07-28 input-required flow a server may ask its client three
// kinds of question inside a tool, prompt or resource call: an elicitation
// (the user fills a form), a sampling request (the client's model
// completes) and a roots request. The protocol forbids asking a client a
// kind of question it did not declare in its capabilities: such a client
// cannot answer it, and the call fails instead of going on (the runtime's
// resolvers answer the missing-capability error, -32021, with
// requiredCapabilities, before asking). Neither SDK checks it for a
// hand-written handler: go-sdk v1.8.0 sends a handler's InputRequests as
// they are, and so does mcp-go v1.2.1 with server.InputRequestBuilder and
// mcp.InputRequests.
//
// askcaps reports each input request that a handler (a function that has
// the SDK's tool, prompt or resource request, or a function literal inside
// one), or any function of a package that registers handlers with an SDK's
// server (a handler's helper), puts into a result, when its kind is known
// (go-sdk's *mcp.ElicitParams, *mcp.CreateMessageParams,
// *mcp.CreateMessageWithToolsParams and *mcp.ListRootsParams; mcp-go's
// InputRequestBuilder.Elicit, Sample and Roots, and
// mcp.NewElicitationInputRequest and its siblings) and it is not gated by
// a check of that capability (the field Elicitation, Sampling, Roots or
// RootsV2 of either SDK's ClientCapabilities read, or a function called
// that reads it: of the package, or of another through the fact
// ChecksCapabilities).
//
// Each handler is judged on its own paths: a request is gated when a
// check dominates it in its function or, up the package's calls, every
// call that leads to it. A handler the package registers is gated only so,
// or by a wrapper it is registered through that checks before calling it
// (a middleware; the fact's wraps). A function whose callers the package
// does not all show and that it does not register (exported, used as a
// value, registered by another package that may hide it from clients
// without the capability) is gated when the package or a package it
// imports reads the capability (the package fact ReadsCapabilities). A
// question built by a library (a function without a request, in a package
// that registers no handler) is not judged, nor one written in a test file
// (the test's server answers the test's own client).
package askcaps

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
