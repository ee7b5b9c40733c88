package engine

import (
	"encoding/json"
	"reflect"

	"github.com/mcplint/mcplint/internal/rules"
)

// An SDK is what a binding tells the engine about its MCP SDK: its request
// and result types, how to render a question as the SDK's input request,
// how to read the SDK's answers, and which errors are the SDK's JSON-RPC
// errors. The resolver vocabulary (Elicit, Outcome, Form) is the engine's
// own (vocab.go), shared by both bindings.
// A binding has one value of it, shared by every registration.
type SDK interface {
	// Registration.

	// RequestType is the request type of method m's handlers and
	// resolvers; ResultType, the result type of a prompt's or resource's
	// handler (nil for a tool, whose handler chooses its own).
	RequestType(m rules.Method) reflect.Type
	ResultType(m rules.Method) reflect.Type
	// Spell spells t in messages as the SDK's users write it.
	Spell(t reflect.Type) string
	// CanCarryInputRequired reports whether a value of type t can be an
	// input-required result of the SDK (rule resolvemix).
	CanCarryInputRequired(t reflect.Type) bool
	// AnswerType is the type that a sampling or roots question provides:
	// the SDK's sampling result or roots result.
	AnswerType(k Kind) reflect.Type

	// Questions and answers.

	// RenderForm, RenderSampling and RenderRoots build the SDK's input
	// request for a question: a form with its schema as JSON, a sampling
	// request from the SDK's parameters that the question carries, a roots
	// request.
	RenderForm(message string, schema json.RawMessage) any
	RenderSampling(params any) any
	RenderRoots() any
	// ReadAnswer reads an input response as the SDK received it, for a
	// question of kind k; ParseStored, one the engine stored.
	ReadAnswer(k Kind, resp any) (Answer, error)
	ParseStored(k Kind, raw json.RawMessage) (Answer, error)

	// Errors.

	// WireError returns the SDK's JSON-RPC error with a valid code that
	// err is or wraps, which a resolver or handler may return to end a
	// request with that error, or nil. The engine sends the error it
	// returns, not err: an SDK would send a wrapping error's text as the
	// message and drop the wrapped error's data.
	WireError(err error) error
	// IsClientError reports whether err, of a server-to-client request on
	// a session older than 2026-07-28, is the client's JSON-RPC error.
	IsClientError(err error) bool
}
