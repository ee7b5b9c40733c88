// Code generated from runtime/resolve/elicit.go by go generate; DO NOT EDIT.

// This file declares the binding's SDK-neutral vocabulary; the mcp-go
// binding's copy (runtime/mcpgo/resolve) is generated from it by go
// generate there, so it names no SDK.

package resolve

import (
	"github.com/google/jsonschema-go/jsonschema"
	vocab "github.com/mcplint/mcplint/runtime/internal/resolve"
)

// The resolver vocabulary is declared once, in runtime/internal/resolve,
// for both bindings: Elicit, Form, Action and Outcome are aliases of its
// types, and the functions return them.

// Elicit is the result of a resolver that may ask the client one question.
// A resolver typed (Elicit[T], error) returns either [Given] with a value it
// computed itself, or one of the questions: [Ask] (a form whose schema is
// inferred from T), [AskForm] (a form with a schema built at run time, for
// T = [Form]), [AskSampling] or [AskRoots].
//
// The answer to a question is consulted only when the resolver asks that
// question in the current round: a value the resolver returns itself always
// wins over anything the client echoes back.
type Elicit[T any] = vocab.Elicit[T]

// Given returns an Elicit that provides v without asking anything.
func Given[T any](v T) Elicit[T] { return vocab.Given(v) }

// Ask returns a form question whose schema is inferred from T. T must be a
// struct whose fields are strings, booleans or numbers (optionally behind a
// pointer): that is what clients accept as an elicitation form. Registration
// rejects other types (rule elicitbase).
func Ask[T any](message string) Elicit[T] { return vocab.Ask[T](message) }

// Form is the answer to a form question whose schema is built at run time
// with [AskForm]: the accepted content, validated against that schema.
type Form = vocab.Form

// AskForm returns a form question with an explicit schema. The answer is
// validated against this live schema, in the round the question is asked and
// whenever a stored answer is restored. The schema must be a flat object of
// primitive properties; the call fails with a clear error otherwise.
func AskForm(message string, schema *jsonschema.Schema) Elicit[Form] {
	return vocab.AskForm(message, schema)
}

// Action is what the user did with a question.
type Action = vocab.Action

// The three actions of an elicitation result. Sampling and roots answers are
// always [Accept].
const (
	Accept  = vocab.Accept
	Decline = vocab.Decline
	Cancel  = vocab.Cancel
)

// Outcome is a resolved parameter that sees the user's action. A consumer
// that declares a plain T aborts the call when the user declines or cancels;
// a consumer that declares Outcome[T] receives the action instead and
// decides. Value is set only when Action is [Accept].
type Outcome[T any] = vocab.Outcome[T]
