// Package resolve adds resolvers to tools, prompts and resources of mcp-go
// (github.com/mark3labs/mcp-go v1.2.1): the same resolvers, rules and
// engine as package github.com/mcplint/mcplint/runtime/resolve, which serves
// the official Go SDK, spelled in mcp-go's types. A server built on mcp-go
// compiles no part of the official SDK, and the reverse.
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
//	func orderBook(ctx context.Context, req mcp.CallToolRequest, in OrderIn, s Stock, b Backorder) (Receipt, error)
//
//	err := resolve.AddTool(s, mcp.NewTool("order_book"), orderBook, checkStock, confirmBackorder)
//
// The handler has the shape of mcp-go's mcp.NewStructuredToolHandler, with
// resolved parameters appended: the request as a value, the arguments bound
// to In, and a result Out that is sent as structured content. Out cannot be
// a type that carries an input-required result (mcp.CallToolResult, or any
// type that embeds mcp.MultiRoundTripResult) when the tool has resolved
// parameters: the runtime drives the rounds, and a call has one channel for
// them.
//
// # Sessions
//
// On requests of protocol 2026-07-28 and later, a call that needs answers is
// served in rounds: every question whose inputs are ready goes out in one
// input-required result, with the answers so far in sealed requestState.
// On older sessions the engine asks the same questions with mcp-go's
// server-to-client requests (MCPServer.RequestElicitation, RequestSampling,
// RequestRoots), walking the graph as many rounds as it needs, as the
// go-sdk binding does; mcp-go's own legacy bridge, which would re-invoke
// the handler with each round's answers, is not used, so that state never
// needs sealing on those sessions and every failure takes the engine's one
// exit.
//
// # Differences from the go-sdk binding
//
// mcp-go v1.2.1 sends every error of a handler as the JSON-RPC error
// -32603 with the error's text, and offers handlers no way to choose the
// code: where the go-sdk binding answers -32602 "Invalid or expired
// requestState" or -32021 with requiredCapabilities, this binding answers
// -32603 with the same fixed message (the required capabilities named in
// it). Its resource handlers return contents, not a result, so a resource
// cannot answer with an input-required result: a resource whose resolvers
// ask a question on a 2026-07-28 session fails with a message saying so,
// and asks with server-to-client requests on older sessions. mcp-go has no
// verified identity of its own, so sealed state is bound to a principal only
// when [Options].Principal names one.
//
// The rules, the messages of registration errors, the state codec, the
// key ring and single use ([Options].SpentStore, Replayable, CallLifetime:
// a tool call confirmed once runs once, a replayed state of it is refused
// like any rejected state) are the go-sdk binding's; see that package for
// the engine's rules.
package resolve

//go:generate go test -run ^TestSharedFilesAreGenerated$ -update .
