// Code generated from runtime/resolve/rules.go by go generate; DO NOT EDIT.

// This file declares the binding's SDK-neutral vocabulary; the mcp-go
// binding's copy (runtime/mcpgo/resolve) is generated from it by go
// generate there, so it names no SDK.

package resolve

import (
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// Rule identifies a rule that registration enforces. The analyzers of
// mcplint report the same rules at compile time under the same names; the
// rules are stated once, for both, in the module's internal/rules.
type Rule = rules.Rule

// The rules that registration enforces.
const (
	// RuleResolveMix: a tool with resolved parameters whose Out type can
	// carry an input-required result (python-sdk PR #3019, bug 3).
	RuleResolveMix = rules.ResolveMix
	// RuleElicitBase: a resolver typed Elicit[T] where T has no static form
	// schema (python-sdk PR #3019, bug 2).
	RuleElicitBase = rules.ElicitBase
	// RuleResolveGraph: a signature or dependency graph that cannot be
	// resolved: a missing or duplicate provider, a cycle, an unsupported
	// parameter, an unused resolver, a wire key two questions share, or an
	// eliciting chain longer than the client's round budget.
	RuleResolveGraph = rules.ResolveGraph
)

// Kind is the kind of a registration finding within its rule. The mcplint
// analyzers use the same names as diagnostic categories.
type Kind = rules.Kind

// The kinds of registration findings.
const (
	KindHandlerSignature  = rules.HandlerSignature  // resolvegraph
	KindResolverSignature = rules.ResolverSignature // resolvegraph
	KindReservedType      = rules.ReservedType      // resolvegraph
	KindDuplicateProvider = rules.DuplicateProvider // resolvegraph
	KindInputKey          = rules.InputKey          // resolvegraph
	KindParameterKind     = rules.ParameterKind     // resolvegraph
	KindMissingProvider   = rules.MissingProvider   // resolvegraph
	KindCycle             = rules.Cycle             // resolvegraph
	KindUnusedResolver    = rules.UnusedResolver    // resolvegraph
	KindRoundBudget       = rules.RoundBudget       // resolvegraph
	KindInputSchema       = rules.InputSchema       // resolvegraph
	KindOutputSchema      = rules.OutputSchema      // resolvegraph
	KindDeclared          = rules.Declared          // resolvemix
	KindAnswerType        = rules.AnswerType        // elicitbase
)

// A RegistrationError is one reason registration rejected a tool. AddTool
// returns all of them, joined with [errors.Join]; use [Rules] to list their
// rule ids. Both SDK bindings return this type.
type RegistrationError = engine.RegistrationError

// Rules returns the rule id of every [RegistrationError] in err, in order.
func Rules(err error) []Rule { return engine.Rules(err) }

// An InputKeyer is a provided type that chooses the wire key of its
// question: the key of the question in inputRequests and of its answer in
// inputResponses. Without it the key is the type's name, such as
// "main.Backorder". Keys must be unique within a tool.
type InputKeyer interface {
	InputKey() string
}

// DefaultRoundBudget is the longest chain of dependent questions a tool
// may ask by default, counted in questions: each costs the call one
// input-required result. It is the longest chain that the clients of the
// Go, python and typescript SDKs all finish (the go-sdk client fails the
// call at its 10th input-required result, so 9).
const DefaultRoundBudget = rules.DefaultRoundBudget
