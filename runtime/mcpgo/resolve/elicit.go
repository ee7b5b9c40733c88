package resolve

import (
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// Elicit is the result of a resolver that may ask the client one question.
// A resolver typed (Elicit[T], error) returns either [Given] with a value it
// computed itself, or one of the questions: [Ask] (a form whose schema is
// inferred from T), [AskForm] (a form with a schema built at run time, for
// T = [Form]), [AskSampling] or [AskRoots].
//
// The answer to a question is consulted only when the resolver asks that
// question in the current round: a value the resolver returns itself always
// wins over anything the client echoes back.
type Elicit[T any] struct {
	value T
	q     *engine.Question // nil when the value is given
}

// Given returns an Elicit that provides v without asking anything.
func Given[T any](v T) Elicit[T] { return Elicit[T]{value: v} }

// Ask returns a form question whose schema is inferred from T. T must be a
// struct whose fields are strings, booleans or numbers (optionally behind a
// pointer): that is what clients accept as an elicitation form. Registration
// rejects other types (rule elicitbase).
func Ask[T any](message string) Elicit[T] {
	return Elicit[T]{q: &engine.Question{Kind: engine.KindForm, Message: message}}
}

// Form is the answer to a form question whose schema is built at run time
// with [AskForm]: the accepted content, validated against that schema.
type Form map[string]any

// AskForm returns a form question with an explicit schema. The answer is
// validated against this live schema, in the round the question is asked and
// whenever a stored answer is restored. The schema must be a flat object of
// primitive properties; the call fails with a clear error otherwise.
func AskForm(message string, schema *jsonschema.Schema) Elicit[Form] {
	return Elicit[Form]{q: &engine.Question{Kind: engine.KindForm, Message: message, Schema: schema}}
}

// AskSampling returns a question for the client's model
// (sampling/createMessage). The client must declare the sampling capability.
//
// The protocol deprecates sampling as of version 2026-07-28 (SEP-2577): it
// stays served for at least twelve months, by the runtime too, on new and
// old sessions alike, but clients may stop offering it. A question the user
// answers (Ask, AskForm) asks what new tools need instead.
func AskSampling(params mcp.CreateMessageParams) Elicit[*mcp.CreateMessageResult] {
	return Elicit[*mcp.CreateMessageResult]{q: &engine.Question{Kind: engine.KindSampling, Sampling: params}}
}

// AskRoots returns a question for the client's roots (roots/list). The client
// must declare the roots capability.
//
// The protocol deprecates roots as of version 2026-07-28 (SEP-2577): they
// stay served for at least twelve months, by the runtime too, but clients
// may stop offering them. New tools take paths as tool input or ask for
// them (Ask, AskForm) instead.
func AskRoots() Elicit[*mcp.ListRootsResult] {
	return Elicit[*mcp.ListRootsResult]{q: &engine.Question{Kind: engine.KindRoots}}
}

// elicitation lets the engine read an Elicit[T] through reflection without
// knowing T.
type elicitation interface {
	parts() (value any, q *engine.Question)
	answerType() reflect.Type
}

func (e Elicit[T]) parts() (any, *engine.Question) { return e.value, e.q }
func (Elicit[T]) answerType() reflect.Type         { return reflect.TypeFor[T]() }

// Action is what the user did with a question.
type Action string

// The three actions of an elicitation result. Sampling and roots answers are
// always [Accept].
const (
	Accept  Action = engine.Accept
	Decline Action = engine.Decline
	Cancel  Action = engine.Cancel
)

// Outcome is a resolved parameter that sees the user's action. A consumer
// that declares a plain T aborts the call when the user declines or cancels;
// a consumer that declares Outcome[T] receives the action instead and
// decides. Value is set only when Action is [Accept].
type Outcome[T any] struct {
	// The engine sets the fields by position: Action first, Value second.
	Action Action
	Value  T
}

// Accepted reports whether the user accepted the question (or whether the
// value was computed without asking).
func (o Outcome[T]) Accepted() bool { return o.Action == Accept }

// outcome lets the engine build an Outcome[T] through reflection.
type outcome interface {
	valueType() reflect.Type
}

func (Outcome[T]) valueType() reflect.Type { return reflect.TypeFor[T]() }
