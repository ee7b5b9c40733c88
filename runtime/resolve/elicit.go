package resolve

import (
	"github.com/google/jsonschema-go/jsonschema"
	vocab "github.com/mcplint/mcplint/runtime/internal/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// AskSampling returns a question for the client's model
// (sampling/createMessage). The client must declare the sampling capability.
//
// The protocol deprecates sampling as of version 2026-07-28 (SEP-2577): it
// stays served for at least twelve months, by the runtime too, on new and
// old sessions alike, but clients may stop offering it. A question the user
// answers (Ask, AskForm) asks what new tools need instead.
func AskSampling(params *mcp.CreateMessageWithToolsParams) Elicit[*mcp.CreateMessageWithToolsResult] {
	return vocab.AskSampling[*mcp.CreateMessageWithToolsResult](params)
}

// AskRoots returns a question for the client's roots (roots/list). The client
// must declare the roots capability.
//
// The protocol deprecates roots as of version 2026-07-28 (SEP-2577): they
// stay served for at least twelve months, by the runtime too, but clients
// may stop offering them. New tools take paths as tool input or ask for
// them (Ask, AskForm) instead.
func AskRoots() Elicit[*mcp.ListRootsResult] { return vocab.AskRoots[*mcp.ListRootsResult]() }

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
