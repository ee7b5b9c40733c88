// Package resolve declares the resolver vocabulary once for both of the
// runtime's bindings: each binding's Elicit, Outcome, Form and Action are
// aliases of these types, and its Given, Ask, AskForm, AskSampling and
// AskRoots return them; the engine reads them through [ElicitArg],
// [OutcomeArg] and [Parts]. It is named resolve, like the bindings, so that
// reflect and go/types spell its types as the bindings' users write them
// (resolve.Elicit[T]). It imports no SDK: the bindings name the SDK's
// sampling and roots types.
//
// The bindings' package docs are the user's documentation; the comments
// here say what the engine relies on.
package resolve

import (
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// A Kind is the method of an input request.
type Kind int

// The kinds of questions.
const (
	KindForm Kind = iota
	KindSampling
	KindRoots
)

func (k Kind) String() string {
	switch k {
	case KindSampling:
		return "sampling"
	case KindRoots:
		return "roots"
	default:
		return "elicitation"
	}
}

// A Question is one input request, as a resolver body returns it inside an
// Elicit[T].
type Question struct {
	Kind    Kind
	Message string
	// Schema is AskForm's explicit schema; Ask uses the schema inferred
	// from T at registration.
	Schema *jsonschema.Schema
	// Sampling is the SDK's sampling parameters.
	Sampling any
}

// Elicit is the result of a resolver that may ask the client one question:
// either a value the resolver gives itself, or the question it asks.
type Elicit[T any] struct {
	value T
	q     *Question // nil when the value is given
}

// Given returns an Elicit that provides v without asking anything.
func Given[T any](v T) Elicit[T] { return Elicit[T]{value: v} }

// Ask returns a form question whose schema is inferred from T.
func Ask[T any](message string) Elicit[T] {
	return Elicit[T]{q: &Question{Kind: KindForm, Message: message}}
}

// Form is the answer to a form question with a schema built at run time.
type Form map[string]any

// AskForm returns a form question with an explicit schema.
func AskForm(message string, schema *jsonschema.Schema) Elicit[Form] {
	return Elicit[Form]{q: &Question{Kind: KindForm, Message: message, Schema: schema}}
}

// AskSampling returns a sampling question with the SDK's parameters; the
// binding names T, the SDK's sampling result.
func AskSampling[T any](params any) Elicit[T] {
	return Elicit[T]{q: &Question{Kind: KindSampling, Sampling: params}}
}

// AskRoots returns a roots question; the binding names T, the SDK's roots
// result.
func AskRoots[T any]() Elicit[T] { return Elicit[T]{q: &Question{Kind: KindRoots}} }

// elicitation lets the engine read an Elicit[T] through reflection without
// knowing T. Its methods are unexported, so only Elicit implements it; the
// analyzers recognize Elicit by the same methods, declared in this
// package (knowledge.VocabPath).
type elicitation interface {
	parts() (value any, q *Question)
	answerType() reflect.Type
}

func (e Elicit[T]) parts() (any, *Question) { return e.value, e.q }
func (Elicit[T]) answerType() reflect.Type  { return reflect.TypeFor[T]() }

// Action is what the user did with a question.
type Action string

// The actions of an elicitation result. Sampling and roots answers are
// always accepted.
const (
	Accept  Action = "accept"
	Decline Action = "decline"
	Cancel  Action = "cancel"
)

// Outcome is a resolved parameter that sees the user's action. Value is
// set only when Action is Accept.
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

// ElicitArg returns T if t is Elicit[T].
func ElicitArg(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() == reflect.Interface || !t.Implements(elicitIface) {
		return nil, false
	}
	return reflect.Zero(t).Interface().(elicitation).answerType(), true
}

// OutcomeArg returns T if t is Outcome[T].
func OutcomeArg(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() == reflect.Interface || !t.Implements(outcomeIface) {
		return nil, false
	}
	return reflect.Zero(t).Interface().(outcome).valueType(), true
}

// Parts reads a resolver's Elicit[T] result: the value it gives, or the
// question it asks (nil when it gives a value).
func Parts(elicit reflect.Value) (value any, q *Question) {
	return elicit.Interface().(elicitation).parts()
}

var (
	// FormType is the type of Form, which an AskForm question provides.
	FormType     = reflect.TypeFor[Form]()
	elicitIface  = reflect.TypeFor[elicitation]()
	outcomeIface = reflect.TypeFor[outcome]()
)
