// Package elicitbase defines an Analyzer that reports questions whose
// answer type has no static form schema.
//
// # Analyzer elicitbase
//
// elicitbase: report form questions with no static schema, refused by clients, or asking for a secret
//
// An eliciting resolver typed (resolve.Elicit[T], error) asks a form question
// whose schema the runtime infers from T. A form is a flat object, so T must
// be a struct (or a pointer to one) whose exported JSON fields are strings,
// booleans or numbers, each optionally behind a pointer. An interface (any),
// a map, json.RawMessage or a struct with nested or embedded fields has no
// static schema (the fields of an unexported embedded struct are promoted
// into the form, at any depth, and judged as its own): python-sdk PR #3019, bug 2, was Elicit over the abstract
// base model, which crashed on restore after the user had answered. A
// question whose schema is built at run time is typed resolve.Elicit[resolve.Form]
// and asked with resolve.AskForm and an explicit schema.
//
// The elicitbase analyzer reports:
//
//   - declared: a function declared to return resolve.Elicit[T] with such a T;
//   - argument: a resolver passed to resolve.AddTool (resolve.MustAddTool,
//     (*resolve.Runtime).AddTool) whose type is resolve.Elicit[T] with such a
//     T, when its declaration is not already reported (a generic function
//     instantiated with such a T, a function-typed variable);
//   - ask: a call resolve.Ask[T] with such a T, and resolve.Ask[resolve.Form],
//     resolve.Ask[*mcp.CreateMessageWithToolsResult] and
//     resolve.Ask[*mcp.ListRootsResult], whose questions need AskForm,
//     AskSampling and AskRoots.
//
// The same holds for the Elicit and Ask of the runtime's mcp-go binding
// (runtime/mcpgo/resolve), whose explicit answers are its resolve.Form and
// mcp-go's *mcp.CreateMessageResult and *mcp.ListRootsResult.
//
// The runtime rejects the registration of the first two (rule elicitbase).
//
// A hand-written elicitation (go-sdk's mcp.ElicitParams, mcp-go's
// mcp.ElicitationParams, in InputRequests or in a legacy request) carries
// its requested schema itself. elicitbase reports one that go-sdk's client
// refuses before the user is asked (category requested): jsonschema.For[T]
// over a struct with a pointer, slice, struct, map or interface field, or
// a schema literal with a property that has properties, a type other than
// string, number, integer, boolean and array, a list of types, or is an
// array whose items have no enum.
//
// The MCP specification forbids asking for sensitive information in a
// form-mode elicitation; a secret is asked in URL mode. elicitbase reports
// (category secret) a form question whose schema asks for a password, a
// token, a secret or a key: resolve.Ask[T] over a struct, resolve.AskForm
// with a schema literal, and a hand-written requested schema (jsonschema.For[T]
// or a literal) with a string property whose name ends in such a word
// (api_key, apiKey, password, client_secret, access_token, private_key; not
// sort_key, keyboard, token_count or password_hint), whose format is
// "password", or whose title or description names one. A URL-mode
// elicitation is never reported.
package elicitbase

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
