// Package resolve adds resolvers to tools, prompts and resources of the
// official Go MCP SDK.
//
// A resolver is an ordinary function that fills one parameter of a tool
// from the tool's input, from other resolvers, or by asking the client one
// question: a form for the user ([Ask], [AskForm]), a message from the
// client's model ([AskSampling]) or the client's roots ([AskRoots]).
// Resolved parameters never appear in the tool's input schema, and a client
// cannot supply them.
//
//	func checkStock(ctx context.Context, in OrderIn) (Stock, error)
//
//	func confirmBackorder(ctx context.Context, in OrderIn, s Stock) (resolve.Elicit[Backorder], error) {
//		if s.Copies > 0 {
//			return resolve.Given(Backorder{Confirm: true}), nil
//		}
//		return resolve.Ask[Backorder]("Out of stock. Order anyway?"), nil
//	}
//
//	func orderBook(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock, b Backorder) (Receipt, error)
//
//	err := resolve.AddTool(server, &mcp.Tool{Name: "order_book"}, orderBook, checkStock, confirmBackorder)
//
// Dependencies are matched by type: each resolver provides one type, and a
// parameter of that type (or of [Outcome] of it) receives its value.
//
// Prompts and resources take resolvers too ([AddPrompt], [AddResource],
// [AddResourceTemplate]): their handlers are go-sdk's with resolved
// parameters appended, and their resolvers read the prompt's arguments or
// the resource's URI from the request.
//
// # The engine
//
// On sessions of protocol 2026-07-28 and later, a call that needs answers is
// served in rounds: every question whose inputs are ready goes out in one
// input-required result, with the answers so far carried in requestState;
// the client retries with the answers and the engine walks the graph again.
// Each resolver body runs at most once per round and may run on every round;
// each question is shown once. On older sessions the same walk asks its
// questions with server-to-client requests, for as many rounds as the graph
// needs.
//
// The rules the engine keeps, from python-sdk PR #3019 and its follow-ups:
//
//   - A recorded answer is consulted only after the resolver body asked that
//     very question in the current round, and is validated against that
//     live question. A value the body returns itself always wins: state a
//     client echoes cannot stand in for the server's own computation.
//   - Each answer is pinned to a digest of the question it answered; a
//     question that changed is asked again. A resolver whose answered
//     question changes in two rounds in a row (it carries a time, a random
//     id) ends the call with a tool error naming it, and the log holds both
//     renderings: build a question only from the tool's input and earlier
//     answers (analyzer askstable finds such questions before they run).
//   - A fresh answer that does not match its question fails the call with a
//     fixed message; unreadable or stale state is no progress (the question
//     is asked again), never a bypass.
//   - A user who declines or cancels aborts the call when a consumer needs
//     the plain value; a consumer of [Outcome] receives the action.
//   - A question kind the client did not declare is never sent: the call
//     fails with -32021 and the required capabilities.
//   - A tool with resolved parameters cannot also return its own
//     input-required result: registration rejects an Out type that can carry
//     one, and a call whose interface-typed Out holds one fails.
//
// # Registration
//
// [AddTool] reads the signatures with reflect and rejects a tool that
// breaks a rule, returning a [RegistrationError] per problem, each naming
// its rule id: resolvemix, elicitbase or resolvegraph. The mcplint
// analyzers report the same rules at compile time, with the same messages:
// both halves state them once, in the module's rule core. A chain of
// dependent questions may be [DefaultRoundBudget] long (9), the longest
// chain that the Go, python and typescript SDK clients all finish.
//
// # State
//
// The state a client echoes passes through a [StateCodec]. The default
// seals it (package seal), bound to the tool, the arguments, the principal
// ([Options].Principal) and the server's name ([Options].Audience); see
// [Options] to configure another.
//
// # Single use
//
// A tool call confirmed once runs once. Each call's state carries an id
// that is spent, in [Options].SpentStore, just before the handler runs;
// any later request presenting state of that call, from any round, is
// answered -32602 "Invalid or expired requestState" and runs nothing. The
// default store is in the process's memory; replicas that serve each
// other's rounds share one (runtime/singleuse/redisstore). A store that
// fails fails the call closed. [Options].Replayable turns it off, for tools
// that only read.
//
// # Failures
//
// A call fails alone. A panic in a resolver body, the handler or a codec,
// and any failure of the engine's own machinery, end the call with a tool
// error carrying a fixed message, the details going to [Options].Logger;
// the server keeps serving. The client never sees a JSON-RPC error with
// code 0 or the text of a codec or validator.
package resolve
