// Package syncask defines an Analyzer that reports server-to-client
// requests that the SDK refuses on sessions at protocol 2026-07-28.
//
// # Analyzer syncask
//
// syncask: report server-to-client requests refused on 2026-07-28 sessions
//
// From protocol version 2026-07-28 a server no longer sends elicitation,
// sampling or roots requests of its own while it serves a request: it returns
// them as InputRequests of an input-required result, and the client retries.
// Both Go SDKs enforce it. go-sdk (since v1.7.0) makes ServerSession.Elicit,
// CreateMessage, CreateMessageWithTools and ListRoots return an error on such
// sessions; mcp-go does the same for MCPServer.RequestElicitation,
// RequestURLElicitation, RequestSampling and RequestRoots (unless the server
// opted back in with server.WithLegacyServerInitiatedRequests), and its
// session-level methods (SessionWithElicitation.RequestElicitation,
// SessionWithSampling.RequestSampling, SessionWithRoots.ListRoots) send the
// request whatever the version.
//
// The syncask analyzer decides by paths. It reports such a call, once, at the
// call, when the linked SDK knows protocol 2026-07-28 (with -syncask.all, on
// older SDKs too), and a session that a 2026-07-28 request can bring reaches
// it along a path with no version check on the way:
//
//   - the session: a request's Session field, the session stored in a
//     request's context (ctx.Value(key).(*mcp.ServerSession), mcp-go's
//     ClientSessionFromContext), a field of the package's that it fills with
//     one outside a legacy branch, or, for mcp-go's MCPServer methods, a
//     server built without the legacy opt-in (the opt-in is per server:
//     the handlers registered on an opted-in server are legacy-capable);
//     directly, in variables and fields, through functions that return it,
//     interfaces (the package's own interfaces that *mcp.ServerSession or
//     *server.MCPServer implement) and function values;
//   - the path: from an entry that callers the package does not see can run
//     (a function used as a value, such as a handler, an exported function
//     or method, one called nowhere), through calls (static, interface
//     methods, function values) none of which a legacy branch dominates.
//     Initialize hooks and the handlers of notifications that only older
//     sessions send (notifications/initialized, roots/list_changed), as
//     functions, literals or method values, are no such entry;
//   - a guard: a branch on the negotiated version (a comparison of a version
//     with a constant, mcp-go's server.IsModernRequest and
//     mcp.IsModernProtocol, RequestProtocolInfo.Modern, or a function that
//     returns one, fact VersionCheck), or the nil edge of a nil check of
//     go-sdk's ServerSession.InitializeParams (go-sdk refuses only when they
//     are set at 2026-07-28 or later), whose legacy edge covers the request,
//     or the call or store on its way. A check that does not branch, or
//     whose edges join before the request, guards nothing; assigning a
//     version (a client's initialize, a rehydration seed) is no check. A
//     request that only the modern edge reaches always fails, and is
//     reported with its own message.
//
// A request on a session that a function receives as a parameter is judged
// by its callers: reported at the SDK call when a caller in the package
// passes a modern session unguarded, not at all when every caller guards;
// an exported function carries the fact SessionAsk, and the first package
// whose caller passes such a session reports at that call, naming the SDK
// call it reaches. A package that connects its own server and its own
// client at a version before 2026-07-28 (an example or a test driving its
// server) asks only the sessions it opened. For mcp-go, a package that
// connects a client in process (client.NewInProcessClient...) is not
// reported, since mcp-go lets requests through there. Code in _test.go files
// drives its own server: its requests, and the sessions it passes or
// stores, are not judged, and its connections silence nothing. The SDKs' API
// packages are left alone, and so is the client side.
package syncask

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
