// Package rules states, once, the registration rules that mcplint enforces
// twice: at run time, when runtime/resolve registers a resolver tool
// (reflect), and at compile time, when the analyzers resolvegraph,
// resolvemix and elicitbase look at the same registration (go/types).
//
// The package holds the rule ids and kinds, the message of every finding,
// the order of the checks and the graph work (providers, duplicates,
// cycles, unused resolvers, the round budget, wire keys). Each half
// describes a registration as a [Registration] and answers the questions
// about types that it alone can answer through a [Types]; [Check] does the
// rest. A rule added here is enforced by both halves, with the same words.
//
// The files: rules.go, the rule ids, kinds and messages; registration.go,
// what a half describes ([Registration], [Types]) and the [Plan] it gets
// back; check.go, [Check] and the signature checks; graph.go, wire keys,
// providers, the dependency graph and schemas; form.go, the form rule;
// twins.go, askstable.go and resolvepure.go, the rules' other halves.
package rules

import (
	"fmt"
)

// Rule identifies a registration rule. The analyzer that reports a rule at
// compile time has the rule's name.
type Rule string

// The registration rules.
const (
	// ResolveMix: a tool with resolved parameters whose result type can
	// carry an input-required result.
	ResolveMix Rule = "resolvemix"
	// ElicitBase: a resolver typed Elicit[T] where T has no static form
	// schema.
	ElicitBase Rule = "elicitbase"
	// ResolveGraph: a signature or dependency graph that cannot be
	// resolved.
	ResolveGraph Rule = "resolvegraph"
)

// Kind is the kind of a finding within its rule. The analyzers use the
// kinds of resolvegraph as their diagnostic categories.
type Kind string

// The kinds of findings; [Kind.Rule] says which rule each belongs to.
const (
	HandlerSignature  Kind = "handler-signature"
	ResolverSignature Kind = "resolver-signature"
	ReservedType      Kind = "reserved-type"
	DuplicateProvider Kind = "duplicate-provider"
	InputKey          Kind = "input-key"
	ParameterKind     Kind = "parameter-kind"
	MissingProvider   Kind = "missing-provider"
	Cycle             Kind = "cycle"
	UnusedResolver    Kind = "unused-resolver"
	RoundBudget       Kind = "round-budget"
	InputSchema       Kind = "input-schema"
	OutputSchema      Kind = "output-schema"
	Declared          Kind = "declared"
	AnswerType        Kind = "answer-type"
)

// Kinds lists every kind, in the order above.
var Kinds = []Kind{
	HandlerSignature, ResolverSignature, ReservedType, DuplicateProvider, InputKey, ParameterKind,
	MissingProvider, Cycle, UnusedResolver, RoundBudget, InputSchema, OutputSchema, Declared, AnswerType,
}

// Rule returns the rule that findings of kind k belong to, or "" for a
// kind that is not one of [Kinds].
func (k Kind) Rule() Rule {
	switch k {
	case Declared:
		return ResolveMix
	case AnswerType:
		return ElicitBase
	case HandlerSignature, ResolverSignature, ReservedType, DuplicateProvider, InputKey, ParameterKind,
		MissingProvider, Cycle, UnusedResolver, RoundBudget, InputSchema, OutputSchema:
		return ResolveGraph
	}
	return ""
}

// The resolvemix rule's words, stated once for the registration check,
// the analyzer and the engine's run-time twin: a call has one channel for
// input-required results, and resolvers own it.
const (
	// OneChannel is the fact every resolvemix message states.
	OneChannel = "a call has one input_required channel"
	// ResolveMixDeclaredFix is the remedy when the handler's declared
	// result type can carry an input-required result.
	ResolveMixDeclaredFix = "return a type that cannot (a struct of your own, or an interface), or drop the resolvers and drive the questions in the handler"
	// ResolveMixConstructedFix is the remedy when the handler builds an
	// input-required result.
	ResolveMixConstructedFix = "ask through resolvers only, or drop the resolvers and drive the questions in the handler"
	// ResolveMixConstructed ends the analyzer's message about a handler
	// that builds an input-required result, and is the engine's error when
	// such a handler returns one at run time: the same words on both
	// halves.
	ResolveMixConstructed = OneChannel + "; " + ResolveMixConstructedFix
)

// ResolveMixDeclaredMessage is the registration finding of a handler with
// resolved parameters whose result type out can carry an input-required
// result.
func ResolveMixDeclaredMessage(handler, out string) string {
	return fmt.Sprintf("handler %s has resolved parameters and returns %s, which can carry an input-required result, but %s; %s",
		handler, out, OneChannel, ResolveMixDeclaredFix)
}

// DefaultRoundBudget is the longest chain of dependent questions a tool may
// ask by default, counted in questions (input-required results), not in
// requests.
//
// Each question of a chain costs the call one input-required result, and
// the call then needs one more request for its final result. The clients
// stop at:
//
//   - go-sdk v1.8.0 (mcp/mrtr.go): maxMultiRoundTripRetries = 10 requests,
//     the 10th input-required result is an error: at most 9 questions;
//   - python-sdk (DEFAULT_INPUT_REQUIRED_MAX_ROUNDS = 10): an error once
//     more than 10 input-required results came: at most 10 questions;
//   - typescript-sdk (DEFAULT_INPUT_REQUIRED_MAX_ROUNDS = 10, the same
//     count): at most 10 questions.
//
// 9 is the longest chain that every one of them finishes.
const DefaultRoundBudget = 9

// InputRequiredVersion is the first protocol version with input-required
// results (the multi-round flow resolvers use), and the version from which
// go-sdk and mcp-go refuse server-to-client requests. Versions are dates,
// so a later version compares greater as a string.
const InputRequiredVersion = "2026-07-28"

// WantHandler and WantResolver are the signatures a tool's handler and a
// resolver must have; WantPromptHandler and WantResourceHandler, those of a
// prompt's and a resource's handler. They are go-sdk's; WantMCPGo* are
// mcp-go's.
const (
	WantHandler         = "func(context.Context, *mcp.CallToolRequest, In, resolved...) (Out, error)"
	WantPromptHandler   = "func(context.Context, *mcp.GetPromptRequest, resolved...) (*mcp.GetPromptResult, error)"
	WantResourceHandler = "func(context.Context, *mcp.ReadResourceRequest, resolved...) (*mcp.ReadResourceResult, error)"
	WantResolver        = "func(params...) (T, error) or func(params...) (resolve.Elicit[T], error)"

	WantMCPGoHandler         = "func(context.Context, mcp.CallToolRequest, In, resolved...) (Out, error)"
	WantMCPGoPromptHandler   = "func(context.Context, mcp.GetPromptRequest, resolved...) (*mcp.GetPromptResult, error)"
	WantMCPGoResourceHandler = "func(context.Context, mcp.ReadResourceRequest, resolved...) ([]mcp.ResourceContents, error)"
)

// AnswerTypeMessage is the message of rule elicitbase: resolver returns
// resolve.Elicit[answer], and answer has no static form schema, for the
// reason why. The analyzer elicitbase also reports it where such a
// resolver is declared.
func AnswerTypeMessage(resolver, answer, why string) string {
	return fmt.Sprintf("resolver %s returns resolve.Elicit[%s], but %s has no static form schema (%s); "+
		"return resolve.Elicit[resolve.Form] and ask with resolve.AskForm and an explicit schema", resolver, answer, answer, why)
}
