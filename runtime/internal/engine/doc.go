// Package engine is the SDK-neutral resolver engine of mcplint's runtime:
// everything that serves a resolver tool, prompt or resource except what
// one MCP SDK spells. A binding (runtime/resolve for go-sdk,
// runtime/mcpgo/resolve for mcp-go) adapts one SDK through an [SDK] and
// renders the engine's [Ending] in that SDK's types, so that neither SDK's
// servers compile the other.
//
// The parts, one file each:
//
//   - config.go: [Config], what a binding's Runtime shares between its
//     registrations: the state codec, the round budget, the logger, the
//     per-audience codecs;
//   - compile.go: [Compile], a registration checked by the rule core
//     (internal/rules) through reflect, and the plan an [Engine] runs;
//   - types.go: the rule core's reflect adapter, with the [SDK]'s answers;
//   - sdk.go: [SDK], what a binding tells the engine about its SDK;
//   - engine.go: [Engine] and [Engine.Serve], one round of a request, on
//     2026-07-28 sessions and on older ones (the walk with real
//     server-to-client requests);
//   - round.go: one walk of the resolver graph: batching, the elicit step,
//     pinning, the askstable twin;
//   - vocab.go: the resolver vocabulary's kinds and questions, declared
//     once for both bindings in runtime/internal/resolve;
//   - question.go: rendering questions and their digests;
//   - answer.go: [Answer], decoding and validating answers;
//   - state.go: the state carried between rounds and its codec;
//   - binding.go: the claims sealed state is bound to, and the principal;
//   - capability.go: capability gating and -32021;
//   - exit.go: panic containment and the one error exit;
//   - singleuse.go: single use: the call id sealed into every state, its
//     check on every round and its spend before the handler;
//   - schema.go: form schemas;
//   - assign.go, flatschema.go: the per-round fast paths (decoding a
//     validated object into a flat struct, validating against a flat
//     schema), each exact where it applies and the reference elsewhere.
package engine
