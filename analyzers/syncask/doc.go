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
// request whatever the version. A tool that confirms with such a call fails
// for every modern client, or takes the branch written for a client that
// cannot elicit.
//
// The syncask analyzer reports each such call, at the call, when the linked
// SDK knows protocol 2026-07-28 (go-sdk: mcp.CallToolResult has the field
// InputRequests; mcp-go: server has WithLegacyServerInitiatedRequests and
// IsModernRequest). With the flag -syncask.all it reports them on older SDKs
// too. It reports none:
//
//   - where a check of the protocol version comes before the call in the
//     function or in a function that encloses it: a comparison of a version
//     (the ProtocolVersion field of the SDK's InitializeParams,
//     (*mcp.ServerRequest).ProtocolVersion(), mcp-go's
//     server.RequestProtocolVersion), mcp-go's server.IsModernRequest or
//     mcp.IsModernProtocol, a call of a function that returns such a check
//     (in another package, through a fact), or setting a version
//     (mcp.ClientSessionOptions{ProtocolVersion: ...}: code pinning its own
//     session's version);
//   - in a package that checks the protocol version anywhere, unless the call
//     is reached without such a check from a request handler of the package
//     (a function that takes the SDK's request) through static calls, with
//     the session it was given rather than one stored in a struct;
//   - in a package that sets a session's version to a constant before
//     2026-07-28 (mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"}):
//     it connects its own clients at a legacy version, as a test, a benchmark
//     or an example driving its own server does;
//   - on a session stored in a field of a struct type that the package never
//     builds: the package that builds it decides when to hand the session over;
//   - for mcp-go's MCPServer methods, in a package that builds its server
//     with server.WithLegacyServerInitiatedRequests or imports a package that
//     does (a fact), and for mcp-go in a package that connects a client in
//     process (client.NewInProcessClient...), which mcp-go lets through;
//   - in the SDKs' API packages and on the client side.
package syncask
