package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call is how cmd/register calls the tool of a case once it registered:
// the arguments, and the content with which the user accepts every
// question the tool asks.
type call struct {
	tool      string
	arguments map[string]any
	answer    map[string]any
}

// calls lists the cases whose tool is also called: the cases of the
// call-time rule askstable, of both bindings. The agreement test fails if the analyzers
// report askstable in a case missing here.
var calls = map[string]call{
	"ask_stable_input":     {tool: "ask_stable_input", arguments: map[string]any{"title": "Dune"}, answer: map[string]any{"confirm": true}},
	"ask_unstable_counter": {tool: "ask_unstable_counter", arguments: map[string]any{"title": "Dune"}, answer: map[string]any{"confirm": true}},
	"ask_unstable_time":    {tool: "ask_unstable_time", arguments: map[string]any{"title": "Dune"}, answer: map[string]any{"confirm": true}},

	"mcpgo_ask_stable_input":  {tool: "mcpgo_ask_stable_input", arguments: map[string]any{"title": "Dune"}, answer: map[string]any{"confirm": true}},
	"mcpgo_ask_unstable_time": {tool: "mcpgo_ask_unstable_time", arguments: map[string]any{"title": "Dune"}, answer: map[string]any{"confirm": true}},
}

// protocolVersion is the version of the calls' sessions: the one on which
// the client retries input-required results by itself.
const protocolVersion = "2026-07-28"

// unstableQuestion is what the tool error of the runtime twin of
// askstable says (rules.UnstableQuestionMessage, which this module cannot
// import: the agreement test checks the whole message against the rule
// core).
const unstableQuestion = ": its question changes every round: "

// callTimeout bounds a call, so that a runtime that never ends an unstable
// call fails the test instead of hanging it.
const callTimeout = 30 * time.Second

// callTool connects a real go-sdk client to s over in-memory transports,
// calls the tool of c, and returns what the runtime found while the call
// ran (see [call]).
func callTool(s *mcp.Server, c call) []finding {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return []finding{{Msg: fmt.Sprintf("server connect: %v", err)}}
	}
	defer ss.Close()
	return callOver(ctx, ct, c)
}

// callMCPGoTool serves the mcp-go server s over mcp-go's streamable HTTP
// transport on a loopback port, and calls the tool of c with a real go-sdk
// client, as callTool does.
func callMCPGoTool(s *server.MCPServer, c call) []finding {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	hs := httptest.NewServer(server.NewStreamableHTTPServer(s))
	defer hs.Close()
	return callOver(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL + "/mcp"}, c)
}

// callOver connects a go-sdk client over t on protocolVersion and calls
// the tool of c, answering every question with c's answer. It returns the
// twin of askstable if the call ended with its tool error, and any other
// error or tool error with an empty rule, which the agreement test
// rejects.
func callOver(ctx context.Context, t mcp.Transport, c call) []finding {
	client := mcp.NewClient(&mcp.Implementation{Name: "agree-client", Version: "v0.0.1"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: c.answer}, nil
		},
	})
	cs, err := client.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	if err != nil {
		return []finding{{Msg: fmt.Sprintf("client connect: %v", err)}}
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.arguments})
	switch {
	case err != nil:
		return []finding{{Msg: fmt.Sprintf("calling %s: %v", c.tool, err)}}
	case !res.IsError:
		return []finding{}
	}
	msg := resultText(res)
	if strings.Contains(msg, unstableQuestion) {
		return []finding{{Rule: "askstable", Kind: "unstable", Msg: msg}}
	}
	return []finding{{Msg: fmt.Sprintf("calling %s: tool error: %s", c.tool, msg)}}
}

// resultText is the text content of a tool result.
func resultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}
